import {
  type AccountNameBody,
  AccountNameBodySchema,
  type AccountSession,
  AccountSessionSchema,
  ERROR_KEYS,
  fullName,
  type PasswordRotateBody,
  PasswordRotateBodySchema,
  type ProfilePictureBody,
  ProfilePictureBodySchema,
  type SessionIdParams,
  SessionIdParamsSchema,
} from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { Database } from '../../db/schema';
import { type AuthContext, authOrThrow, checkRole, requireRole, type SessionCookie, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { validateRequest } from '../../http/validation';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import type { AccountRepository } from '../auth/repository';
import type { AuthService } from '../auth/service';
import type { Clock } from '../auth/tokens';
import type { DomainEvents } from '../domain-events/domain-events';
import { pictureMatchesType } from './picture-content';

const badBody = ERROR_KEYS.badRequest;

/**
 * The signed-in recruiter's own account (issue 13): name, profile picture, password rotation and
 * their sessions. Everything is about the session's own account: no id of another person is taken.
 */
export const accountRoutes: FastifyPluginAsync<{
  db: Kysely<Database>;
  accounts: AccountRepository;
  auth: AuthService;
  audit: AuditLog;
  cookie: SessionCookie;
  now: Clock;
  /** SESSIONS_ENDED when sessions are revoked: the realtime sockets of those sessions close. */
  events?: DomainEvents;
}> = async (app, { db, accounts, auth, audit, cookie, now, events }) => {
  const sessionsEnded = (session: AuthContext) => events?.emit({ type: 'SESSIONS_ENDED', companyId: tenantOf(session), accountId: session.account.id });
  const recruiterOnly = requireRole('recruiter');
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.patch<{ Body: AccountNameBody }>(
    '/v2/recruiter/me/name',
    { config: { apiDoc: { summary: "Change the recruiter's name" } }, preHandler: [recruiterOnly, validateRequest({ body: { schema: AccountNameBodySchema, errorKey: badBody } })] },
    async (request) => {
      const session = authOrThrow(request);
      const { firstName, lastName } = request.body;
      await db
        .updateTable('accounts')
        .set({ first_name: firstName, last_name: lastName, updated_at: now() })
        .where('company_id', '=', tenantOf(session))
        .where('id', '=', session.account.id)
        .execute();
      return { name: { first: firstName, last: lastName }, fullName: fullName(firstName, lastName) };
    },
  );

  app.put<{ Body: ProfilePictureBody }>(
    '/v2/recruiter/me/profile-picture',
    {
      // Bytes (a picture): the session is checked before the body is read, like every upload.
      config: { apiDoc: { summary: "Upload the recruiter's profile picture" }, upload: { kind: 'profile-picture', admit: async (request) => checkRole(request, 'recruiter') } },
      preHandler: [recruiterOnly, validateRequest({ body: { schema: ProfilePictureBodySchema, errorKey: badBody } })],
      // The picture travels as base64 JSON: a little above PROFILE_PICTURE_MAX_BYTES * 4/3.
      bodyLimit: 300 * 1024,
    },
    async (request) => {
      const session = authOrThrow(request);
      if (!pictureMatchesType(request.body)) throw new HttpError(415, ERROR_KEYS.pictureContent);
      const picture = { type: request.body.type, base64: request.body.base64 };
      await setPicture(db, tenantOf(session), session.account.id, picture, now());
      return { profilePicture: picture };
    },
  );

  app.delete('/v2/recruiter/me/profile-picture', { config: { apiDoc: { summary: "Remove the recruiter's profile picture" } }, preHandler: recruiterOnly }, async (request, reply) => {
    const session = authOrThrow(request);
    await setPicture(db, tenantOf(session), session.account.id, null, now());
    return reply.code(204).send();
  });

  app.post<{ Body: PasswordRotateBody }>(
    '/v2/recruiter/me/password',
    { config: { apiDoc: { summary: "Change the recruiter's password" } }, preHandler: [recruiterOnly, validateRequest({ body: { schema: PasswordRotateBodySchema, errorKey: badBody } })] },
    async (request, reply) => {
      const session = authOrThrow(request);
      await auth.rotatePassword(session.account.id, session.sessionHash, request.body.currentPassword, request.body.password, request.ip);
      sessionsEnded(session);
      await audit.record({ companyId: tenantOf(session), actorId: session.account.id, action: AUDIT_ACTIONS.accountPasswordRotate, openingId: null, details: {} });
      return reply.code(204).send();
    },
  );

  app.get('/v2/recruiter/me/sessions', { preHandler: recruiterOnly, config: { apiDoc: { summary: "The recruiter's active sessions", response: v.array(AccountSessionSchema) } } }, async (request) => {
    const session = authOrThrow(request);
    const rows = await accounts.listSessions(session.account.id, now());
    return rows.map(
      (row): AccountSession => ({
        _id: row.id,
        device: row.device,
        createdAt: new Date(row.created_at).toISOString(),
        lastSeenAt: new Date(row.last_seen_at).toISOString(),
        current: row.token_hash === session.sessionHash,
      }),
    );
  });

  app.delete<{ Params: SessionIdParams }>(
    '/v2/recruiter/me/sessions/:id',
    { config: { apiDoc: { summary: "End one of the recruiter's sessions" } }, preHandler: [recruiterOnly, validateRequest({ params: { schema: SessionIdParamsSchema, errorKey: ERROR_KEYS.sessionNotFound, statusCode: 404 } })] },
    async (request, reply) => {
      const session = authOrThrow(request);
      const current = (await accounts.listSessions(session.account.id, now())).find((row) => row.id === request.params.id)?.token_hash === session.sessionHash;
      if (!(await accounts.deleteSessionById(session.account.id, request.params.id))) throw new HttpError(404, ERROR_KEYS.sessionNotFound);
      sessionsEnded(session);
      await audit.record({ companyId: tenantOf(session), actorId: session.account.id, action: AUDIT_ACTIONS.accountSessionsRevoke, openingId: null, details: { count: 1 } });
      if (current) cookie.clear(reply);
      return reply.code(204).send();
    },
  );

  app.delete('/v2/recruiter/me/sessions', { config: { apiDoc: { summary: "End all the recruiter's other sessions" } }, preHandler: recruiterOnly }, async (request) => {
    const session = authOrThrow(request);
    const ended = await accounts.deleteOtherSessions(session.account.id, session.sessionHash);
    sessionsEnded(session);
    await audit.record({ companyId: tenantOf(session), actorId: session.account.id, action: AUDIT_ACTIONS.accountSessionsRevoke, openingId: null, details: { count: ended } });
    return { ended };
  });
};

async function setPicture(db: Kysely<Database>, tenantId: string, accountId: string, picture: { type: string; base64: string } | null, time: Date) {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('accounts').select('settings').where('company_id', '=', tenantId).where('id', '=', accountId).forUpdate().executeTakeFirst();
    if (!row) throw new HttpError(404, ERROR_KEYS.recruiterNotFound);
    await trx
      .updateTable('accounts')
      .set({ settings: { ...row.settings, profilePicture: picture }, updated_at: time })
      .where('company_id', '=', tenantId)
      .where('id', '=', accountId)
      .execute();
  });
}
