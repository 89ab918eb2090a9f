import { DEFAULT_LOCALE, ERROR_KEYS, type SessionUser, toLocale } from '@rec/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AccountRow, CompanyRoleValue, Database } from '../../db/schema';
import { newId } from '../../db/ids';
import { HttpError, SpentLinkError } from '../../http/errors';
import type { BackgroundTasks } from '../mail/background';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import type { PasswordHasher } from './passwords';
import type { AuthRateLimiter } from './rate-limit';
import { type AccountRepository, createAccountRepository } from './repository';
import type { SsoPasswordPolicy } from '../sso/service';
import type { SessionService } from './sessions';
import { addMs, type Clock, DAY, MINUTE, newToken, tokenHash } from './tokens';

export const MAGIC_LINK_MINUTES = 10;
export const PASSWORD_RESET_MINUTES = 30;
export const INVITATION_DAYS = 7;

export type AuthService = ReturnType<typeof createAuthService>;

export interface AuthServiceDeps {
  repository: AccountRepository;
  sessions: SessionService;
  passwords: PasswordHasher;
  rateLimiter: AuthRateLimiter;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  now: Clock;
  /** "SSO only" companies (issue 32): their members other than owners may not use a password. */
  ssoPolicy?: SsoPasswordPolicy;
}

/** What a signed-in answer says about the user. */
export function sessionUser(account: Pick<AccountRow, 'type' | 'company_id'>): SessionUser {
  return { type: account.type, tenantId: account.company_id };
}

export function homeOf(account: Pick<AccountRow, 'type'>): string {
  return account.type === 'admin' ? '/admin' : account.type === 'recruiter' ? '/recruiter' : '/applicant/steps/next';
}

const languageOf = (settings: unknown): string | undefined => {
  const language = (settings as { language?: unknown } | null)?.language;
  return typeof language === 'string' ? language : undefined;
};

/**
 * Sign-in, magic links, password recovery and invitations. Every answer about an email is the
 * same whether an account exists or not: the mail work runs in the background after the answer,
 * and an unknown email is verified against a dummy hash.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { repository, sessions, passwords, rateLimiter, mailer, background, publicUrl, now, ssoPolicy } = deps;

  async function issueToken(account: AccountRow, purpose: 'magic_link' | 'password_reset', minutes: number): Promise<string> {
    const token = newToken();
    const created = now();
    await repository.insertToken({ token_hash: tokenHash(token), purpose, account_id: account.id, created_at: created, expires_at: addMs(created, minutes * MINUTE) });
    return token;
  }

  /** Creates an invitation; answers the link value (shown once: only its hash is stored). `token` is for the demo seed. */
  async function createInvitation(input: { companyId: string; email: string; role: CompanyRoleValue; invitedBy?: string | null; token?: string; id?: string; expiresAt?: Date }) {
    const token = input.token ?? newToken();
    const created = now();
    await repository.db
      .insertInto('invitations')
      .values({
        id: input.id ?? newId(created),
        company_id: input.companyId,
        email: input.email.trim().toLowerCase(),
        company_role: input.role,
        token_hash: tokenHash(token),
        invited_by: input.invitedBy ?? null,
        created_at: created,
        expires_at: input.expiresAt ?? addMs(created, INVITATION_DAYS * DAY),
      })
      .execute();
    return { invitationLink: token, url: `${publicUrl}/invite/${token}` };
  }

  /** The invitation's recruiter account, created with `person`'s password, name and settings; the invitation is used up. */
  async function joinAs(
    trx: Transaction<Database>,
    invitation: { id: string; company_id: string; email: string; company_role: CompanyRoleValue },
    time: Date,
    person: { password_hash: string; first_name: string | null; last_name: string | null; settings: AccountRow['settings'] },
  ): Promise<AccountRow> {
    const id = newId(time);
    await trx
      .insertInto('accounts')
      .values({ id, type: 'recruiter', company_id: invitation.company_id, company_role: invitation.company_role, email: invitation.email, ...person })
      .execute();
    await trx.updateTable('invitations').set({ accepted_at: time, account_id: id }).where('id', '=', invitation.id).execute();
    return trx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  return {
    /** `factorProven`: the request carries a remembered device of this identity (issue 32): no code is asked. */
    async signInWithPassword(email: string, password: string, ip: string, device: string | null = null, options: { factorProven?: boolean } = {}) {
      await rateLimiter.check('sign-in', email, ip);
      const candidates = (await repository.findPasswordAccounts(email)).filter((row) => row.password_hash);
      const [first] = candidates;
      const valid = first?.password_hash ? await passwords.verify(password, first.password_hash) : await passwords.verifyDummy(password);
      if (!first || !valid) throw new HttpError(401, ERROR_KEYS.invalidCredentials);
      // One identity, one password: a suspended company's account gives way to another of the person's accounts.
      const active = candidates.filter((row) => !row.company_suspended);
      if (!active.length) throw new HttpError(403, ERROR_KEYS.companySuspended);
      // Checked after the password, so the answer tells nothing about membership to a guesser.
      const { allowed, refused } = ssoPolicy ? await ssoPolicy.filter(active) : { allowed: active, refused: [] };
      const [account] = allowed;
      if (!account) {
        await ssoPolicy?.recordRefused(refused);
        throw new HttpError(403, ERROR_KEYS.ssoRequired);
      }
      const session = await sessions.create(account.id, device, options);
      return { account, session };
    },

    async requestMagicLink(email: string, ip: string, log: FastifyBaseLogger): Promise<void> {
      await rateLimiter.check('magic-link', email, ip);
      background.run(log, async () => {
        const account = await repository.findApplicant(email);
        if (!account) return;
        const token = await issueToken(account, 'magic_link', MAGIC_LINK_MINUTES);
        await mailer.send(renderMail('magicLink', languageOf(account.settings), account.email, { link: `${publicUrl}/login/token/${token}`, minutes: MAGIC_LINK_MINUTES }));
      });
    },

    /**
     * A sign-in link for the candidate of an application: the applicant account of that email
     * (created with the first application) and a fresh single-use magic link to continue.
     */
    async applicantMagicLink(input: { email: string; firstName: string; lastName: string; language: string }): Promise<string> {
      const account = await repository.ensureApplicant({
        id: newId(now()),
        type: 'applicant',
        company_id: null,
        company_role: null,
        email: input.email.trim().toLowerCase(),
        password_hash: null,
        first_name: input.firstName,
        last_name: input.lastName,
        settings: { language: input.language },
      });
      const token = await issueToken(account, 'magic_link', MAGIC_LINK_MINUTES);
      return `${publicUrl}/login/token/${token}`;
    },

    async authorizeMagicLink(token: string, device: string | null = null) {
      const accountId = await repository.consumeToken(tokenHash(token), 'magic_link', now());
      const account = accountId ? await repository.findById(accountId) : undefined;
      if (!accountId) {
        // Used or expired: say which, and for which email, so the page offers a new link at once
        // (whoever holds the link read that mail; a made-up token learns nothing).
        const spent = await repository.spentToken(tokenHash(token), 'magic_link', now());
        if (spent) throw new SpentLinkError(spent.reason === 'used' ? ERROR_KEYS.magicLinkUsed : ERROR_KEYS.magicLinkExpired, spent.email);
      }
      if (account?.type !== 'applicant') throw new HttpError(401, ERROR_KEYS.invalidToken);
      const session = await sessions.create(account.id, device);
      return { account, session };
    },

    async requestPasswordReset(email: string, ip: string, log: FastifyBaseLogger): Promise<void> {
      await rateLimiter.check('recover', email, ip);
      background.run(log, async () => {
        const [account] = await repository.findPasswordAccounts(email);
        if (!account) return;
        const token = await issueToken(account, 'password_reset', PASSWORD_RESET_MINUTES);
        await mailer.send(renderMail('passwordReset', languageOf(account.settings), account.email, { link: `${publicUrl}/reset/${token}`, minutes: PASSWORD_RESET_MINUTES }));
      });
    },

    /** Sets the identity's new password and ends every one of its sessions. */
    async resetPassword(token: string, password: string): Promise<void> {
      const time = now();
      const accountId = await repository.consumeToken(tokenHash(token), 'password_reset', time);
      const account = accountId ? await repository.findById(accountId) : undefined;
      if (!account) throw new HttpError(401, ERROR_KEYS.invalidToken);
      const hash = await passwords.hash(password);
      await repository.db.transaction().execute(async (trx) => {
        const inTransaction = createAccountRepository(trx);
        await inTransaction.setIdentityPassword(account.email, hash, time);
        await inTransaction.deleteSessionsOfIdentity(account.email);
        await inTransaction.useOutstandingTokens(account.email, 'password_reset', time);
      });
    },

    createInvitation,

    /**
     * Spec §5 password rotation from the account page: the current password must match; the new
     * one becomes the identity's (every password account of the email) and every OTHER session of
     * the identity ends. The caller's own session stays.
     */
    async rotatePassword(accountId: string, currentSessionHash: string, currentPassword: string, password: string, ip: string): Promise<void> {
      const account = await repository.findById(accountId);
      // The current password is a password check like sign-in: a stolen session must not guess it
      // (issue 24, L5). Counted per identity and per address, with sign-in's limits.
      if (account) await rateLimiter.check('password-change', account.email, ip);
      if (!account?.password_hash || !(await passwords.verify(currentPassword, account.password_hash))) {
        throw new HttpError(422, ERROR_KEYS.currentPasswordWrong);
      }
      const hash = await passwords.hash(password);
      const time = now();
      await repository.db.transaction().execute(async (trx) => {
        const inTransaction = createAccountRepository(trx);
        await inTransaction.setIdentityPassword(account.email, hash, time);
        await inTransaction.deleteSessionsOfIdentity(account.email, currentSessionHash);
        await inTransaction.useOutstandingTokens(account.email, 'password_reset', time);
      });
    },

    /** Mails an invitation in the company's language. */
    async sendInvitation(input: { companyId: string; companyName: string; language?: string; email: string; role: CompanyRoleValue; invitedBy?: string | null }) {
      const { invitationLink, url } = await createInvitation(input);
      await mailer.send(renderMail('invitation', input.language, input.email, { link: url, company: input.companyName, days: INVITATION_DAYS }));
      return { invitationLink };
    },

    async describeInvitation(link: string) {
      const invitation = await repository.findInvitation(tokenHash(link));
      if (invitation?.accepted_at) {
        return { redirectTo: `/login/password?email=${encodeURIComponent(invitation.email)}`, email: invitation.email, companyName: invitation.company_name };
      }
      if (!invitation || new Date(invitation.expires_at) <= now()) throw new HttpError(404, ERROR_KEYS.invitationExpired);
      // Told to the holder of the link only (the invitee): whether they join with their account's password.
      const hasAccount = (await repository.findPasswordAccounts(invitation.email)).some((row) => row.password_hash);
      return { redirectTo: `/invite/${link}`, email: invitation.email, companyName: invitation.company_name, hasAccount };
    },

    /** Creates the recruiter account of a pending invitation and signs it in. */
    async acceptInvitation(input: { invitationLink: string; firstName: string; lastName: string; password: string }, device: string | null = null) {
      const hash = await passwords.hash(input.password);
      const time = now();
      const account = await repository.db.transaction().execute(async (trx) => {
        const invitation = await trx
          .selectFrom('invitations')
          .innerJoin('companies', 'companies.id', 'invitations.company_id')
          .select(['invitations.id', 'invitations.company_id', 'invitations.email', 'invitations.company_role', 'companies.settings'])
          .where('invitations.token_hash', '=', tokenHash(input.invitationLink))
          .where('invitations.accepted_at', 'is', null)
          .where('invitations.expires_at', '>', time)
          .where('companies.suspended_at', 'is', null)
          .forUpdate('invitations')
          .executeTakeFirst();
        if (!invitation) throw new HttpError(404, ERROR_KEYS.invitationExpired);
        const existing = await trx
          .selectFrom('accounts')
          .select('id')
          .where('company_id', '=', invitation.company_id)
          .where('email', '=', invitation.email)
          .executeTakeFirst();
        if (existing) throw new HttpError(404, ERROR_KEYS.invitationExpired);
        // An e-mail that already has an account (a recruiter elsewhere, an admin) joins by signing in
        // with it (linkInvitation): whoever holds the link must never set that person's password (issue 24, L7).
        const account = await trx.selectFrom('accounts').select('id').where('email', '=', invitation.email).where('type', 'in', ['admin', 'recruiter']).executeTakeFirst();
        if (account) throw new HttpError(409, ERROR_KEYS.invitationSignIn);
        return joinAs(trx, invitation, time, {
          password_hash: hash,
          first_name: input.firstName,
          last_name: input.lastName,
          settings: { language: toLocale(languageOf(invitation.settings)) ?? DEFAULT_LOCALE },
        });
      });
      const session = await sessions.create(account.id, device);
      return { account, session };
    },

    /**
     * An invitation for an e-mail that already has an account: the person signs in with that
     * account's password (limited like sign-in) and gets the new company's account with the same
     * name and password. One identity, one password, and nothing of the existing accounts changes.
     */
    async linkInvitation(input: { invitationLink: string; password: string }, ip: string, device: string | null = null) {
      const time = now();
      const pending = await repository.findInvitation(tokenHash(input.invitationLink));
      if (!pending || pending.accepted_at || new Date(pending.expires_at) <= time) throw new HttpError(404, ERROR_KEYS.invitationExpired);
      await rateLimiter.check('sign-in', pending.email, ip);
      const [identity] = (await repository.findPasswordAccounts(pending.email)).filter((row) => row.password_hash);
      const valid = identity?.password_hash ? await passwords.verify(input.password, identity.password_hash) : await passwords.verifyDummy(input.password);
      if (!identity?.password_hash || !valid) throw new HttpError(401, ERROR_KEYS.invalidCredentials);
      const passwordHash = identity.password_hash;
      const account = await repository.db.transaction().execute(async (trx) => {
        const invitation = await trx
          .selectFrom('invitations')
          .innerJoin('companies', 'companies.id', 'invitations.company_id')
          .select(['invitations.id', 'invitations.company_id', 'invitations.email', 'invitations.company_role'])
          .where('invitations.id', '=', pending.id)
          .where('invitations.accepted_at', 'is', null)
          .where('companies.suspended_at', 'is', null)
          .forUpdate('invitations')
          .executeTakeFirst();
        if (!invitation) throw new HttpError(404, ERROR_KEYS.invitationExpired);
        const member = await trx.selectFrom('accounts').select('id').where('company_id', '=', invitation.company_id).where('email', '=', invitation.email).executeTakeFirst();
        if (member) throw new HttpError(409, ERROR_KEYS.alreadyMember);
        return joinAs(trx, invitation, time, { password_hash: passwordHash, first_name: identity.first_name, last_name: identity.last_name, settings: identity.settings });
      });
      const session = await sessions.create(account.id, device);
      return { account, session };
    },

    tenants(email: string) {
      return repository.recruiterTenants(email);
    },

    /** Moves the session to the identity's recruiter account in `companyId`: the old session ends, a new token is issued. */
    async switchTenant(email: string, currentSessionHash: string, companyId: string, device: string | null = null) {
      const target = (await repository.recruiterTenants(email)).find((tenant) => tenant.companyId === companyId);
      if (!target) throw new HttpError(404, ERROR_KEYS.companyNotFound);
      // A password session must not reach an "SSO only" company through the switch.
      if (ssoPolicy) {
        const account = await repository.findById(target.accountId);
        if (account && !(await ssoPolicy.filter([account])).allowed.length) throw new HttpError(403, ERROR_KEYS.ssoRequired);
      }
      await sessions.revoke(currentSessionHash);
      // Only a complete session switches: it proved the identity's second factor already.
      return sessions.create(target.accountId, device, { factorProven: true });
    },
  };
}
