import { ERROR_KEYS, type NotificationPreferences, NotificationPreferencesSchema } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requireRole, tenantOf } from '../../http/auth';
import { validateRequest } from '../../http/validation';
import type { NotificationPreferenceRepository } from './preferences';

/** `/v2/recruiter/me/notifications`: each recruiter's own mail preferences (issue 13). */
export const notificationRoutes: FastifyPluginAsync<{ preferences: NotificationPreferenceRepository; now: () => Date }> = async (app, { preferences, now }) => {
  const recruiter = requireRole('recruiter');
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get('/v2/recruiter/me/notifications', { preHandler: recruiter, config: { apiDoc: { summary: 'Your mail notification preferences', response: NotificationPreferencesSchema } } }, async (request) => {
    const auth = authOrThrow(request);
    return preferences.get(tenantOf(auth), auth.account.id);
  });

  app.put<{ Body: NotificationPreferences }>(
    '/v2/recruiter/me/notifications',
    {
      preHandler: [recruiter, validateRequest({ body: { schema: NotificationPreferencesSchema, errorKey: ERROR_KEYS.badRequest } })],
      config: { apiDoc: { summary: 'Saves your mail notification preferences', response: NotificationPreferencesSchema } },
    },
    async (request) => {
      const auth = authOrThrow(request);
      const companyId = tenantOf(auth);
      await preferences.set(companyId, auth.account.id, request.body, now());
      return preferences.get(companyId, auth.account.id);
    },
  );
};
