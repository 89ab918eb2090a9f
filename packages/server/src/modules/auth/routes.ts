import {
  type AcceptInvitationBody,
  AcceptInvitationBodySchema,
  type LinkInvitationBody,
  LinkInvitationBodySchema,
  type EmailBody,
  EmailBodySchema,
  ERROR_KEYS,
  type InvitationParams,
  InvitationParamsSchema,
  type ResetPasswordBody,
  ResetPasswordBodySchema,
  type SignInBody,
  SignInBodySchema,
  type TenantParams,
  TenantParamsSchema,
  type TokenBody,
  TokenBodySchema,
} from '@rec/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AccountRow } from '../../db/schema';
import { anySessionHash, authOrThrow, requireRole, type SessionCookie } from '../../http/auth';
import type { DeviceCookie } from '../two-factor/device-cookie';
import type { TwoFactorService } from '../two-factor/service';
import { validateRequest } from '../../http/validation';
import { deviceOf } from './device';
import { type AuthService, homeOf, sessionUser } from './service';
import type { NewSession, SessionService } from './sessions';

const badBody = ERROR_KEYS.badRequest;

/** Where a half-signed-in session goes: the code, or the enrolment its company requires (issue 32). */
export const SECOND_FACTOR_PAGE = '/login/two-factor';

/** The answer of a sign-in: with `secondFactor` the session is not signed in yet and the page asks for it. */
export function signedInAnswer(account: AccountRow, session: NewSession, home: string) {
  if (session.secondFactor) return { user: sessionUser(account), redirectTo: SECOND_FACTOR_PAGE, secondFactor: session.secondFactor };
  return { user: sessionUser(account), redirectTo: home };
}

export const authRoutes: FastifyPluginAsync<{
  auth: AuthService;
  sessions: SessionService;
  cookie: SessionCookie;
  twoFactor: TwoFactorService;
  device: DeviceCookie;
}> = async (app, { auth, sessions, cookie, twoFactor, device }) => {
  /**
   * A new sign-in replaces the session of the cookie it arrived with: otherwise the old token (maybe
   * copied from a shared computer) would stay valid for weeks beside the new one.
   */
  const endPreviousSession = async (request: FastifyRequest) => {
    const hash = anySessionHash(request);
    if (hash) await sessions.revoke(hash);
  };

  // Answers about sessions are personal: never cached by a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post<{ Body: SignInBody }>(
    '/auth/password/sign-in',
    { config: { apiDoc: { summary: 'Sign in with email and password', access: 'public' } }, preHandler: validateRequest({ body: { schema: SignInBodySchema, errorKey: badBody } }) },
    async (request, reply) => {
      const factorProven = await twoFactor.isRememberedDevice(request.body.email, device.read(request));
      const { account, session } = await auth.signInWithPassword(request.body.email, request.body.password, request.ip, deviceOf(request.headers['user-agent']), { factorProven });
      await endPreviousSession(request);
      cookie.set(reply, session.token, session.expiresAt);
      return signedInAnswer(account, session, homeOf(account));
    },
  );

  app.post<{ Body: EmailBody }>(
    '/auth/magic-link',
    { config: { apiDoc: { summary: 'Send a sign-in link by mail', access: 'public' } }, preHandler: validateRequest({ body: { schema: EmailBodySchema, errorKey: badBody } }) },
    async (request, reply) => {
      await auth.requestMagicLink(request.body.email, request.ip, request.log);
      return reply.code(202).send({ sent: true });
    },
  );

  app.post<{ Body: TokenBody }>(
    '/v2/applicants-auth/authorize',
    // A malformed token is as unknown as a wrong one.
    { config: { apiDoc: { summary: 'Sign an applicant in with a mailed link token', access: 'public' } }, preHandler: validateRequest({ body: { schema: TokenBodySchema, errorKey: ERROR_KEYS.invalidToken, statusCode: 401 } }) },
    async (request, reply) => {
      const { account, session } = await auth.authorizeMagicLink(request.body.token, deviceOf(request.headers['user-agent']));
      await endPreviousSession(request);
      cookie.set(reply, session.token, session.expiresAt);
      return { email: account.email };
    },
  );

  app.post<{ Body: EmailBody }>(
    '/auth/password/recover',
    { config: { apiDoc: { summary: 'Send a password reset link by mail', access: 'public' } }, preHandler: validateRequest({ body: { schema: EmailBodySchema, errorKey: badBody } }) },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email, request.ip, request.log);
      return reply.code(202).send({ sent: true });
    },
  );

  app.post<{ Body: ResetPasswordBody }>(
    '/auth/password/reset',
    { config: { apiDoc: { summary: 'Set a new password with a reset token', access: 'public' } }, preHandler: validateRequest({ body: { schema: ResetPasswordBodySchema, errorKey: badBody } }) },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.password);
      // The caller's own session (if any) ended with the others.
      cookie.clear(reply);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: InvitationParams }>(
    '/v2/recruiters/invite/:invitationLink',
    { config: { apiDoc: { summary: 'The invitation behind an invitation link', access: 'public' } }, preHandler: validateRequest({ params: { schema: InvitationParamsSchema, errorKey: ERROR_KEYS.invitationExpired, statusCode: 404 } }) },
    async (request) => auth.describeInvitation(request.params.invitationLink),
  );

  app.post<{ Body: AcceptInvitationBody }>(
    '/auth/invitations/accept',
    { config: { apiDoc: { summary: 'Accept an invitation and create the recruiter account', access: 'public' } }, preHandler: validateRequest({ body: { schema: AcceptInvitationBodySchema, errorKey: badBody } }) },
    async (request, reply) => {
      const { account, session } = await auth.acceptInvitation(request.body, deviceOf(request.headers['user-agent']));
      await endPreviousSession(request);
      cookie.set(reply, session.token, session.expiresAt);
      return signedInAnswer(account, session, '/recruiter');
    },
  );

  app.post<{ Body: LinkInvitationBody }>(
    '/auth/invitations/link',
    { config: { apiDoc: { summary: 'Join a company with an invitation and an existing account’s password', access: 'public' } }, preHandler: validateRequest({ body: { schema: LinkInvitationBodySchema, errorKey: badBody } }) },
    async (request, reply) => {
      const { account, session } = await auth.linkInvitation(request.body, request.ip, deviceOf(request.headers['user-agent']));
      await endPreviousSession(request);
      cookie.set(reply, session.token, session.expiresAt);
      return signedInAnswer(account, session, '/recruiter');
    },
  );

  app.get('/auth/session-v2', { config: { apiDoc: { summary: 'The signed-in account' } }, preHandler: requireRole() }, async (request) => {
    const { account } = authOrThrow(request);
    return { baseIdentity: { localUserId: account.id }, user: sessionUser(account) };
  });

  app.delete('/auth/session-v2', { config: { apiDoc: { summary: 'Sign out (ends the session of the cookie, if any)', access: 'public' } } }, async (request, reply) => {
    // A half-signed-in session ends too: "cancel" on the code page signs out.
    await endPreviousSession(request);
    cookie.clear(reply);
    return reply.code(204).send();
  });

  app.get('/auth/tenants', { config: { apiDoc: { summary: 'The companies the signed-in account can act for' } }, preHandler: requireRole() }, async (request) => {
    const tenants = await auth.tenants(authOrThrow(request).account.email);
    return tenants.map((tenant) => ({ id: tenant.companyId, name: tenant.companyName, requestAuthUrl: `/auth/tenants/${tenant.companyId}/authorize` }));
  });

  // A POST, so the same-origin check of every cookie-carrying write guards it: as a GET a foreign
  // page could switch (and rotate) a recruiter's session with a link or an <img>.
  app.post<{ Params: TenantParams }>(
    '/auth/tenants/:tenantId/authorize',
    { config: { apiDoc: { summary: "Switch the session to one of the account's companies" } }, preHandler: [requireRole(), validateRequest({ params: { schema: TenantParamsSchema, errorKey: ERROR_KEYS.companyNotFound, statusCode: 404 } })] },
    async (request, reply) => {
      const current = authOrThrow(request);
      const session = await auth.switchTenant(current.account.email, current.sessionHash, request.params.tenantId, deviceOf(request.headers['user-agent']));
      cookie.set(reply, session.token, session.expiresAt);
      // The other company may require two-factor of a person without one: its enrolment comes first.
      if (session.secondFactor) return { user: { type: 'recruiter' as const, tenantId: request.params.tenantId }, redirectTo: SECOND_FACTOR_PAGE, secondFactor: session.secondFactor };
      return { user: { type: 'recruiter' as const, tenantId: request.params.tenantId }, redirectTo: '/recruiter' };
    },
  );
};
