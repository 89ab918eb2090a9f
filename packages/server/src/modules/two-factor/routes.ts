import {
  type CompanySecurityPatch,
  CompanySecurityPatchSchema,
  ERROR_KEYS,
  PERMISSIONS,
  type ReauthenticationBody,
  ReauthenticationBodySchema,
  type SecondFactorMethods,
  type SecondFactorVerifyBody,
  SecondFactorVerifyBodySchema,
  type TotpConfirmBody,
  TotpConfirmBodySchema,
} from '@rec/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type AuthContext, authOrThrow, type PendingAuth, requirePermission, requireRole, type SessionCookie, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { validateRequest } from '../../http/validation';
import { homeOf } from '../auth/service';
import type { DeviceCookie } from './device-cookie';
import type { PasskeyService } from './passkey-service';
import type { TwoFactorService } from './service';

const badBody = ERROR_KEYS.badRequest;

/** The half-signed-in session of the request at `step`; 401 otherwise (nothing to finish). */
export function pendingAt(request: FastifyRequest, step: PendingAuth['step']): PendingAuth {
  const pending = request.pendingAuth;
  if (!pending) throw new HttpError(401, ERROR_KEYS.authRequired);
  if (pending.step !== step) throw new HttpError(409, step === 'verify' ? ERROR_KEYS.enrolmentRequired : ERROR_KEYS.secondFactorRequired);
  return pending;
}

/**
 * Two-factor routes (issue 32). `/auth/two-factor/*` serve the half-signed-in session only (the
 * code after the password, or the enrolment the company requires); `/v2/me/two-factor/*` manage
 * the signed-in person's factor; `/v2/companies/settings/security` is the company's policy.
 */
export const twoFactorRoutes: FastifyPluginAsync<{ twoFactor: TwoFactorService; passkeys: PasskeyService; cookie: SessionCookie; device: DeviceCookie }> = async (
  app,
  { twoFactor, passkeys, cookie, device },
) => {
  // Secrets, codes and personal state: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });
  const signedIn = requireRole('recruiter', 'admin');

  // --- finishing a sign-in ---------------------------------------------------------------------

  app.get('/auth/two-factor', { config: { apiDoc: { summary: 'The second-factor step a half-signed-in session is at', access: 'session' } } }, async (request) => {
    const pending = request.pendingAuth;
    if (!pending) throw new HttpError(401, ERROR_KEYS.authRequired);
    const email = pending.account.email;
    // What the page offers: the code field (TOTP, recovery codes) and/or "Use a passkey".
    const methods: SecondFactorMethods = { totp: await twoFactor.hasTotp(email), passkey: await passkeys.has(email), recoveryCodes: await twoFactor.hasRecoveryCodes(email) };
    // `requiredBy`: why an enrolment is due (the platform's rule for admins, or the company's); `home`: where the page goes once done.
    const requiredBy = pending.step === 'enrol' ? await twoFactor.requirementOf(pending) : null;
    return { step: pending.step, email, methods, requiredBy, home: homeOf(pending.account) };
  });

  app.post<{ Body: SecondFactorVerifyBody }>(
    '/auth/two-factor/verify',
    { config: { apiDoc: { summary: 'Finish a sign-in with a one-time or recovery code', access: 'session' } }, preHandler: validateRequest({ body: { schema: SecondFactorVerifyBodySchema, errorKey: ERROR_KEYS.wrongCode, statusCode: 422 } }) },
    async (request, reply) => {
      const pending = pendingAt(request, 'verify');
      const done = await twoFactor.verifySignIn(pending, request.body.code, request.ip, request.body.rememberDevice === true);
      // Same token, now complete: the cookie's expiry follows the session's new lifetime.
      const token = request.cookies[cookie.name];
      if (token) cookie.set(reply, token, done.expiresAt);
      if (done.deviceToken && done.deviceExpiresAt) device.set(reply, done.deviceToken, done.deviceExpiresAt);
      return { redirectTo: homeOf(pending.account) };
    },
  );

  app.post('/auth/two-factor/enrol', { config: { apiDoc: { summary: 'Start enrolling an authenticator app during sign-in', access: 'session' } } }, async (request) => twoFactor.startEnrolment(pendingAt(request, 'enrol')));

  app.post<{ Body: TotpConfirmBody }>(
    '/auth/two-factor/enrol/confirm',
    { config: { apiDoc: { summary: 'Confirm the authenticator enrolment and finish the sign-in', access: 'session' } }, preHandler: validateRequest({ body: { schema: TotpConfirmBodySchema, errorKey: ERROR_KEYS.wrongCode, statusCode: 422 } }) },
    async (request, reply) => {
      const pending = pendingAt(request, 'enrol');
      const recoveryCodes = await twoFactor.confirmEnrolment(pending, request.body.code, request.ip);
      const expiresAt = await twoFactor.completeSession(pending);
      const token = request.cookies[cookie.name];
      if (token) cookie.set(reply, token, expiresAt);
      return { recoveryCodes, redirectTo: homeOf(pending.account) };
    },
  );

  // --- the signed-in person's factor ----------------------------------------------------------

  const me = (request: FastifyRequest): AuthContext => authOrThrow(request);

  app.get('/v2/me/two-factor', { config: { apiDoc: { summary: "The caller's second factors" } }, preHandler: signedIn }, async (request) => twoFactor.status(me(request)));

  app.post('/v2/me/two-factor/totp', { config: { apiDoc: { summary: 'Start adding an authenticator app' } }, preHandler: signedIn }, async (request) => twoFactor.startEnrolment(me(request)));

  app.post<{ Body: TotpConfirmBody }>(
    '/v2/me/two-factor/totp/confirm',
    { config: { apiDoc: { summary: 'Confirm a new authenticator app with its first code' } }, preHandler: [signedIn, validateRequest({ body: { schema: TotpConfirmBodySchema, errorKey: ERROR_KEYS.wrongCode, statusCode: 422 } })] },
    async (request) => ({ recoveryCodes: await twoFactor.confirmEnrolment(me(request), request.body.code, request.ip) }),
  );

  app.post<{ Body: ReauthenticationBody }>(
    '/v2/me/two-factor/recovery-codes',
    { config: { apiDoc: { summary: 'Replace the recovery codes' } }, preHandler: [signedIn, validateRequest({ body: { schema: ReauthenticationBodySchema, errorKey: badBody } })] },
    async (request) => ({ recoveryCodes: await twoFactor.regenerateRecoveryCodes(me(request), request.body, request.ip) }),
  );

  app.post<{ Body: ReauthenticationBody }>(
    '/v2/me/two-factor/remove',
    { config: { apiDoc: { summary: "Remove the caller's second factors" } }, preHandler: [signedIn, validateRequest({ body: { schema: ReauthenticationBodySchema, errorKey: badBody } })] },
    async (request, reply) => {
      await twoFactor.remove(me(request), request.body, request.ip);
      return reply.code(204).send();
    },
  );

  // --- the company's policy -------------------------------------------------------------------

  app.get('/v2/companies/settings/security', { config: { apiDoc: { summary: "The company's sign-in policy" } }, preHandler: requireRole('recruiter') }, async (request) => twoFactor.policy(tenantOf(authOrThrow(request))));

  app.patch<{ Body: CompanySecurityPatch }>(
    '/v2/companies/settings/security',
    { config: { apiDoc: { summary: "Change the company's sign-in policy" } },
      preHandler: [
        requireRole('recruiter'),
        requirePermission(PERMISSIONS.companySettingsManage),
        validateRequest({ body: { schema: CompanySecurityPatchSchema, errorKey: badBody } }),
      ],
    },
    async (request) => {
      const session = authOrThrow(request);
      return twoFactor.updatePolicy(session, tenantOf(session), request.body);
    },
  );
};
