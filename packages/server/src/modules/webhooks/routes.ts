import {
  ERROR_KEYS,
  PERMISSIONS,
  type WebhookCreateBody,
  WebhookCreateBodySchema,
  type WebhookDeliveryParams,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  type WebhookParams,
  WebhookParamsSchema,
  type WebhookPatchBody,
  WebhookPatchBodySchema,
  WebhookWithSecretSchema,
} from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { authOrThrow, requirePermission, requireRole, tenantOf } from '../../http/auth';
import { validateRequest } from '../../http/validation';
import type { WebhookService } from './service';

const BASE = '/v2/companies/settings/webhooks';
const badBody = ERROR_KEYS.badRequest;
const endpointParams = { params: { schema: WebhookParamsSchema, errorKey: ERROR_KEYS.webhookNotFound, statusCode: 404 } };
const deliveryParams = { params: { schema: WebhookDeliveryParamsSchema, errorKey: ERROR_KEYS.webhookDeliveryNotFound, statusCode: 404 } };

/**
 * The company's webhook endpoints and their delivery logs (issue 30): INTEGRATIONS:MANAGE (owners).
 * The tenant is the session's; another company's endpoint is a 404. A secret is answered only by
 * the creation and the rotation.
 */
export const webhookRoutes: FastifyPluginAsync<{ webhooks: WebhookService }> = async (app, { webhooks }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });
  const owner = [requireRole('recruiter'), requirePermission(PERMISSIONS.integrationsManage)];
  const company = (request: Parameters<typeof authOrThrow>[0]) => tenantOf(authOrThrow(request));

  app.get(
    BASE,
    { preHandler: owner, config: { apiDoc: { summary: "The company's webhook endpoints (never their secrets).", response: v.array(WebhookEndpointSchema) } } },
    async (request) => webhooks.list(company(request)),
  );

  app.post<{ Body: WebhookCreateBody }>(
    BASE,
    {
      preHandler: [...owner, validateRequest({ body: { schema: WebhookCreateBodySchema, errorKey: badBody } })],
      config: { apiDoc: { summary: 'Adds a webhook endpoint; answers its signing secret, shown this once.', response: WebhookWithSecretSchema } },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(company(request), request.body)),
  );

  app.patch<{ Params: WebhookParams; Body: WebhookPatchBody }>(
    `${BASE}/:id`,
    {
      preHandler: [...owner, validateRequest({ ...endpointParams, body: { schema: WebhookPatchBodySchema, errorKey: badBody } })],
      config: { apiDoc: { summary: "Changes a webhook endpoint's URL, events or state (turning it on clears its failures).", response: WebhookEndpointSchema } },
    },
    async (request) => webhooks.update(company(request), request.params.id, request.body),
  );

  app.delete<{ Params: WebhookParams }>(
    `${BASE}/:id`,
    { preHandler: [...owner, validateRequest(endpointParams)], config: { apiDoc: { summary: 'Removes a webhook endpoint and its delivery log.' } } },
    async (request, reply) => {
      await webhooks.remove(company(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: WebhookParams }>(
    `${BASE}/:id/secret`,
    {
      preHandler: [...owner, validateRequest(endpointParams)],
      config: { apiDoc: { summary: "Replaces a webhook endpoint's signing secret; answers the new one, shown this once.", response: WebhookWithSecretSchema } },
    },
    async (request) => webhooks.rotate(company(request), request.params.id),
  );

  app.get<{ Params: WebhookParams }>(
    `${BASE}/:id/deliveries`,
    {
      preHandler: [...owner, validateRequest(endpointParams)],
      config: { apiDoc: { summary: "A webhook endpoint's latest deliveries: status, latency, answer excerpt, next try.", response: v.array(WebhookDeliverySchema) } },
    },
    async (request) => webhooks.deliveries(company(request), request.params.id),
  );

  app.post<{ Params: WebhookParams }>(
    `${BASE}/:id/test`,
    {
      preHandler: [...owner, validateRequest(endpointParams)],
      config: { apiDoc: { summary: 'Queues a test event (webhook.test) for a webhook endpoint.', response: WebhookDeliverySchema } },
    },
    async (request, reply) => reply.code(202).send(await webhooks.sendTest(company(request), request.params.id)),
  );

  app.post<{ Params: WebhookDeliveryParams }>(
    `${BASE}/:id/deliveries/:deliveryId/resend`,
    {
      preHandler: [...owner, validateRequest(deliveryParams)],
      config: { apiDoc: { summary: 'Queues a delivery again: the same event, id and body.', response: WebhookDeliverySchema } },
    },
    async (request, reply) => reply.code(202).send(await webhooks.resend(company(request), request.params.id, request.params.deliveryId)),
  );
};
