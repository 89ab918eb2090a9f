import {
  ERROR_KEYS,
  type PasskeyAssertionBody,
  PasskeyAssertionBodySchema,
  type PasskeyParams,
  PasskeyParamsSchema,
  type PasskeyRegisterBody,
  PasskeyRegisterBodySchema,
  type PasskeyRenameBody,
  PasskeyRenameBodySchema,
  type ReauthenticationBody,
  ReauthenticationBodySchema,
} from '@rec/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { anySessionHash, type AuthContext, authOrThrow, requireRole, type SessionCookie } from '../../http/auth';
import { validateRequest } from '../../http/validation';
import { deviceOf } from '../auth/device';
import { signedInAnswer } from '../auth/routes';
import { homeOf } from '../auth/service';
import type { SessionService } from '../auth/sessions';
import type { PasskeyService } from './passkey-service';
import { pendingAt } from './routes';

const badBody = ERROR_KEYS.badRequest;
/** A malformed credential is as unverifiable as a wrong one. */
const assertionRule = { body: { schema: PasskeyAssertionBodySchema, errorKey: ERROR_KEYS.passkeyRejected, statusCode: 401 } };

/**
 * Passkey routes (issue 32). `/auth/passkey/*`: the password-less sign-in (public);
 * `/auth/two-factor/passkey*`: finishing a half-signed-in session, or the enrolment the company
 * requires, with a passkey; `/v2/me/two-factor/passkeys*`: the signed-in person's passkeys, and
 * `/v2/me/two-factor/reauth/passkey/options`: a passkey confirming a sensitive change.
 * Each ceremony is two calls: options (with a fresh challenge), then the browser's signed answer.
 */
export const passkeyRoutes: FastifyPluginAsync<{ passkeys: PasskeyService; sessions: SessionService; cookie: SessionCookie }> = async (app, { passkeys, sessions, cookie }) => {
  // Challenges and personal state: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });
  const signedIn = requireRole('recruiter', 'admin');
  const me = (request: FastifyRequest): AuthContext => authOrThrow(request);

  // --- password-less sign-in -------------------------------------------------------------------

  app.post('/auth/passkey/options', { config: { apiDoc: { summary: 'Options for a passkey sign-in', access: 'public' } } }, async (request) => passkeys.signInOptions(request.ip));

  app.post<{ Body: PasskeyAssertionBody }>('/auth/passkey/sign-in', { config: { apiDoc: { summary: 'Sign in with a passkey', access: 'public' } }, preHandler: validateRequest(assertionRule) }, async (request, reply) => {
    const { account, session } = await passkeys.signIn(request.body.credential, request.ip, deviceOf(request.headers['user-agent']));
    // A new sign-in replaces the session the request came with (as the password sign-in does).
    const previous = anySessionHash(request);
    if (previous) await sessions.revoke(previous);
    cookie.set(reply, session.token, session.expiresAt);
    return signedInAnswer(account, session, homeOf(account));
  });

  // --- the second step of a sign-in ------------------------------------------------------------

  app.post('/auth/two-factor/passkey/options', { config: { apiDoc: { summary: 'Options for a passkey as second factor', access: 'session' } } }, async (request) => passkeys.secondFactorOptions(pendingAt(request, 'verify')));

  app.post<{ Body: PasskeyAssertionBody }>('/auth/two-factor/passkey', { config: { apiDoc: { summary: 'Finish a sign-in with a passkey as second factor', access: 'session' } }, preHandler: validateRequest(assertionRule) }, async (request, reply) => {
    const pending = pendingAt(request, 'verify');
    const expiresAt = await passkeys.verifySecondFactor(pending, request.body.credential, request.ip);
    // Same token, now complete: the cookie's expiry follows the session's new lifetime.
    const token = request.cookies[cookie.name];
    if (token) cookie.set(reply, token, expiresAt);
    return { redirectTo: homeOf(pending.account) };
  });

  // The company requires two-factor: a passkey is an enrolment as good as an authenticator app.
  app.post('/auth/two-factor/enrol/passkey/options', { config: { apiDoc: { summary: 'Options for enrolling a passkey during sign-in', access: 'session' } } }, async (request) => passkeys.registrationOptions(pendingAt(request, 'enrol')));

  app.post<{ Body: PasskeyRegisterBody }>(
    '/auth/two-factor/enrol/passkey',
    { config: { apiDoc: { summary: 'Enrol a passkey and finish the sign-in', access: 'session' } }, preHandler: validateRequest({ body: { schema: PasskeyRegisterBodySchema, errorKey: ERROR_KEYS.passkeyRejected, statusCode: 422 } }) },
    async (request, reply) => {
      const pending = pendingAt(request, 'enrol');
      const { passkey, recoveryCodes } = await passkeys.register(pending, request.body.name, request.body.credential, request.ip);
      const expiresAt = await sessions.complete(pending.sessionHash, pending.account.id);
      const token = request.cookies[cookie.name];
      if (token) cookie.set(reply, token, expiresAt);
      // The recovery codes of a first factor, shown once by the page before it goes on.
      return reply.code(201).send({ passkey, redirectTo: homeOf(pending.account), ...(recoveryCodes ? { recoveryCodes } : {}) });
    },
  );

  // --- the signed-in person's passkeys ---------------------------------------------------------

  app.post('/v2/me/two-factor/passkeys/options', { config: { apiDoc: { summary: 'Options for adding a passkey' } }, preHandler: signedIn }, async (request) => passkeys.registrationOptions(me(request)));

  app.post<{ Body: PasskeyRegisterBody }>(
    '/v2/me/two-factor/passkeys',
    { config: { apiDoc: { summary: 'Add a passkey' } }, preHandler: [signedIn, validateRequest({ body: { schema: PasskeyRegisterBodySchema, errorKey: ERROR_KEYS.passkeyRejected, statusCode: 422 } })] },
    async (request, reply) => {
      const { passkey, recoveryCodes } = await passkeys.register(me(request), request.body.name, request.body.credential, request.ip);
      // The passkey's summary; with the person's first factor, the recovery codes to show once.
      return reply.code(201).send({ ...passkey, ...(recoveryCodes ? { recoveryCodes } : {}) });
    },
  );

  // Re-authentication before a sensitive change with a passkey (the answer goes in the change's
  // body as `credential`): a person without a password confirms this way.
  app.post('/v2/me/two-factor/reauth/passkey/options', { config: { apiDoc: { summary: 'Options for confirming a sensitive change with a passkey' } }, preHandler: signedIn }, async (request) => passkeys.reauthOptions(me(request)));

  app.patch<{ Params: PasskeyParams; Body: PasskeyRenameBody }>(
    '/v2/me/two-factor/passkeys/:passkeyId',
    { config: { apiDoc: { summary: 'Rename a passkey' } },
      preHandler: [
        signedIn,
        validateRequest({ params: { schema: PasskeyParamsSchema, errorKey: ERROR_KEYS.passkeyNotFound, statusCode: 404 }, body: { schema: PasskeyRenameBodySchema, errorKey: badBody } }),
      ],
    },
    async (request, reply) => {
      await passkeys.rename(me(request), request.params.passkeyId, request.body.name);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: PasskeyParams; Body: ReauthenticationBody }>(
    '/v2/me/two-factor/passkeys/:passkeyId/remove',
    { config: { apiDoc: { summary: 'Remove a passkey' } },
      preHandler: [
        signedIn,
        validateRequest({ params: { schema: PasskeyParamsSchema, errorKey: ERROR_KEYS.passkeyNotFound, statusCode: 404 }, body: { schema: ReauthenticationBodySchema, errorKey: badBody } }),
      ],
    },
    async (request, reply) => {
      await passkeys.remove(me(request), request.params.passkeyId, request.body, request.ip);
      return reply.code(204).send();
    },
  );
};
