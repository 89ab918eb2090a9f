import type { Kysely, SqlBool } from 'kysely';
import type { AccountRow, AuthTokenPurpose, Database, InvitationRow, NewAccount } from '../../db/schema';

/** The accounts that sign in with a password, in the order sign-in picks them (admin first, then the oldest). */
const PASSWORD_TYPES = ['admin', 'recruiter'] as const;

export type AccountRepository = ReturnType<typeof createAccountRepository>;

/**
 * SQL of accounts, sessions and tokens. Accounts are looked up by email or id here because
 * authentication comes before any tenant is known; tenant data reads live in their own modules.
 */
export function createAccountRepository(db: Kysely<Database>) {
  return {
    db,

    findById(id: string): Promise<AccountRow | undefined> {
      return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Password accounts of an identity (lower-cased email): admin first, then recruiter accounts oldest first. */
    findPasswordAccounts(email: string): Promise<Array<AccountRow & { company_suspended: SqlBool }>> {
      return db
        .selectFrom('accounts')
        .leftJoin('companies', 'companies.id', 'accounts.company_id')
        .selectAll('accounts')
        // A suspended company's recruiter account cannot sign in (issue 13).
        .select((eb) => eb('companies.suspended_at', 'is not', null).as('company_suspended'))
        .where('accounts.email', '=', email)
        .where('accounts.type', 'in', PASSWORD_TYPES)
        .orderBy((eb) => eb.case().when('accounts.type', '=', 'admin').then(0).else(1).end())
        .orderBy('accounts.created_at')
        .orderBy('accounts.id')
        .execute();
    },

    findApplicant(email: string): Promise<AccountRow | undefined> {
      return db.selectFrom('accounts').selectAll().where('email', '=', email).where('type', '=', 'applicant').executeTakeFirst();
    },

    /** The recruiter accounts of an identity, with their company names (the tenants it may switch to). */
    recruiterTenants(email: string): Promise<Array<{ accountId: string; companyId: string; companyName: string }>> {
      return db
        .selectFrom('accounts')
        .innerJoin('companies', 'companies.id', 'accounts.company_id')
        .select(['accounts.id as accountId', 'companies.id as companyId', 'companies.name as companyName'])
        .where('accounts.email', '=', email)
        .where('accounts.type', '=', 'recruiter')
        .where('companies.suspended_at', 'is', null)
        .orderBy('companies.name')
        .execute();
    },

    insertAccount(account: NewAccount) {
      return db.insertInto('accounts').values(account).execute();
    },

    /** Creates an applicant account unless the email has one (two applications at once: one row). */
    async ensureApplicant(account: NewAccount): Promise<AccountRow> {
      await db.insertInto('accounts').values(account).onConflict((conflict) => conflict.doNothing()).execute();
      const found = await db.selectFrom('accounts').selectAll().where('email', '=', account.email).where('type', '=', 'applicant').executeTakeFirst();
      if (!found) throw new Error('applicant account missing after insert');
      return found;
    },

    // --- sessions ---

    /**
     * What a new session of the account must respect (issue 32): its company's settings (session
     * lifetime, two-factor policy) and whether the identity has a factor (confirmed TOTP or a passkey).
     */
    async signInPolicy(accountId: string): Promise<{ email: string; type: AccountRow['type']; companySettings: Record<string, unknown> | null; enrolled: boolean } | undefined> {
      const row = await db
        .selectFrom('accounts')
        .leftJoin('companies', 'companies.id', 'accounts.company_id')
        .leftJoin('two_factor_totp', (join) => join.onRef('two_factor_totp.email', '=', 'accounts.email').on('two_factor_totp.confirmed_at', 'is not', null))
        .select(['accounts.email', 'accounts.type', 'companies.settings as company_settings', 'two_factor_totp.email as factor_email'])
        // A passkey is a factor too (migration 0028).
        .select((eb) => eb.exists(eb.selectFrom('passkeys').select('passkeys.id').whereRef('passkeys.email', '=', 'accounts.email')).as('has_passkey'))
        .where('accounts.id', '=', accountId)
        .executeTakeFirst();
      if (!row) return undefined;
      // Applicants sign in by magic link only and never carry a second factor.
      const enrolled = row.type !== 'applicant' && (row.factor_email !== null || Boolean(row.has_passkey));
      return { email: row.email, type: row.type, companySettings: (row.company_settings as Record<string, unknown> | null) ?? null, enrolled };
    },

    /** Whether the identity has a second factor: a confirmed TOTP or a passkey (an admin must, issue 32). */
    async hasSecondFactor(email: string): Promise<boolean> {
      const row = await db
        .selectNoFrom((eb) => [
          eb.exists(eb.selectFrom('two_factor_totp').select('email').where('email', '=', email).where('confirmed_at', 'is not', null)).as('totp'),
          eb.exists(eb.selectFrom('passkeys').select('id').where('email', '=', email)).as('passkey'),
        ])
        .executeTakeFirst();
      return Boolean(row?.totp) || Boolean(row?.passkey);
    },

    /** Marks a half-signed-in session complete, with the lifetime it gets from now on. */
    completeSession(hash: string, expiresAt: Date) {
      return db.updateTable('sessions').set({ second_factor: null, expires_at: expiresAt }).where('token_hash', '=', hash).execute();
    },

    /** A signed-in session that must still enrol (the company's policy changed under it, or a new company requires it). */
    setSessionStep(hash: string, step: 'verify' | 'enrol' | null) {
      return db.updateTable('sessions').set({ second_factor: step }).where('token_hash', '=', hash).execute();
    },

    async insertSession(session: { token_hash: string; id: string; device: string | null; account_id: string; created_at: Date; last_seen_at: Date; expires_at: Date; second_factor?: 'verify' | 'enrol' | null }) {
      await db.insertInto('sessions').values(session).execute();
      await db.updateTable('accounts').set({ last_sign_in_at: session.created_at }).where('id', '=', session.account_id).execute();
    },

    findSession(hash: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
        .selectAll('accounts')
        .select(['sessions.token_hash', 'sessions.id as session_id', 'sessions.created_at as session_created_at', 'sessions.last_seen_at', 'sessions.expires_at', 'sessions.second_factor'])
        .where('sessions.token_hash', '=', hash)
        .executeTakeFirst();
    },

    touchSession(hash: string, at: Date) {
      return db.updateTable('sessions').set({ last_seen_at: at }).where('token_hash', '=', hash).execute();
    },

    deleteSession(hash: string) {
      return db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
    },

    /** Ends every session of every password account of an identity (after a password change). */
    async deleteSessionsOfIdentity(email: string, exceptHash?: string): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where('account_id', 'in', (eb) => eb.selectFrom('accounts').select('id').where('email', '=', email).where('type', 'in', PASSWORD_TYPES))
        .$if(exceptHash !== undefined, (query) => query.where('token_hash', '<>', exceptHash ?? ''))
        .execute();
    },

    /** The live sessions of an account, most recently used first (security page). */
    listSessions(accountId: string, now: Date) {
      return db
        .selectFrom('sessions')
        .select(['id', 'token_hash', 'device', 'created_at', 'last_seen_at'])
        .where('account_id', '=', accountId)
        .where('expires_at', '>', now)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /** Ends one session of the account by its public id; false when it is not theirs or gone. */
    async deleteSessionById(accountId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('sessions').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Ends every session of the account but `keepHash` (sign out everywhere else); answers how many. */
    async deleteOtherSessions(accountId: string, keepHash: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('account_id', '=', accountId).where('token_hash', '<>', keepHash).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The identity's password is one: every password account of the email gets the new hash. */
    async setIdentityPassword(email: string, passwordHash: string, now: Date): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('email', '=', email)
        .where('type', 'in', PASSWORD_TYPES)
        .execute();
    },

    // --- single-use tokens ---

    insertToken(token: { token_hash: string; purpose: AuthTokenPurpose; account_id: string; created_at: Date; expires_at: Date }) {
      return db.insertInto('auth_tokens').values(token).execute();
    },

    /**
     * Marks the token used and answers its account, in one statement: two concurrent requests
     * with the same token cannot both succeed. Unknown, used or expired: undefined.
     */
    async consumeToken(hash: string, purpose: AuthTokenPurpose, now: Date): Promise<string | undefined> {
      const row = await db
        .updateTable('auth_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('account_id')
        .executeTakeFirst();
      return row?.account_id;
    },

    /** Why a token no longer signs in (used, or past its time), and the email it was for; undefined for a token never issued. */
    async spentToken(hash: string, purpose: AuthTokenPurpose, now: Date): Promise<{ reason: 'used' | 'expired'; email: string } | undefined> {
      const row = await db
        .selectFrom('auth_tokens as t')
        .innerJoin('accounts as a', 'a.id', 't.account_id')
        .select(['t.used_at', 't.expires_at', 'a.email'])
        .where('t.token_hash', '=', hash)
        .where('t.purpose', '=', purpose)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.used_at) return { reason: 'used', email: row.email };
      return new Date(row.expires_at) <= now ? { reason: 'expired', email: row.email } : undefined;
    },

    /** After a reset, the identity's other outstanding reset links die too. */
    async useOutstandingTokens(email: string, purpose: AuthTokenPurpose, now: Date): Promise<void> {
      await db
        .updateTable('auth_tokens')
        .set({ used_at: now })
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('account_id', 'in', (eb) => eb.selectFrom('accounts').select('id').where('email', '=', email))
        .execute();
    },

    // --- invitations ---

    findInvitation(hash: string): Promise<(InvitationRow & { company_name: string; company_settings: unknown }) | undefined> {
      return db
        .selectFrom('invitations')
        .innerJoin('companies', 'companies.id', 'invitations.company_id')
        .selectAll('invitations')
        .select(['companies.name as company_name', 'companies.settings as company_settings'])
        .where('invitations.token_hash', '=', hash)
        // A suspended company's invitation says nothing, not even whom it was for (issue 24, L9).
        .where('companies.suspended_at', 'is', null)
        .executeTakeFirst();
    },
  };
}
