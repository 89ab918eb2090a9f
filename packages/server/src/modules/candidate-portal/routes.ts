import {
  AppointmentBookBodySchema,
  AppointmentOfferBodySchema,
  CandidateParamsSchema,
  CandidateRequestParamsSchema,
  ConsentBodySchema,
  ERROR_KEYS,
  IdParamsSchema,
  PendingRequestBodySchema,
  PERMISSIONS,
  PersonalFieldsSchema,
  RecruiterCandidateParamsSchema,
  TokenBodySchema,
  TokenParamsSchema,
} from '@rec/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { authOrThrow, requirePermission, requireRole, type SessionCookie, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { type RequestRule, validateRequest } from '../../http/validation';
import type { AppointmentService } from '../appointments/service';
import type { AccountRepository } from '../auth/repository';
import type { SessionService } from '../auth/sessions';
import type { PortalService } from './service';

type Body<S extends v.GenericSchema> = v.InferOutput<S>;
const candidateParams: RequestRule = { schema: CandidateParamsSchema, errorKey: ERROR_KEYS.notFound, statusCode: 404 };
const requestParams: RequestRule = { schema: CandidateRequestParamsSchema, errorKey: ERROR_KEYS.notFound, statusCode: 404 };
const recruiterCandidate: RequestRule = { schema: RecruiterCandidateParamsSchema, errorKey: ERROR_KEYS.notFound, statusCode: 404 };
/** A malformed token is as unknown as a wrong one. */
const tokenParams: RequestRule = { schema: TokenParamsSchema, errorKey: ERROR_KEYS.notFound, statusCode: 404 };
const body = (schema: v.GenericSchema): RequestRule => ({ schema, errorKey: ERROR_KEYS.badRequest });

export interface PortalRoutesOptions {
  portal: PortalService;
  appointments: AppointmentService;
  sessions: SessionService;
  accounts: AccountRepository;
  cookie: SessionCookie;
  /** Sets the applicant's current application (the step flow's). */
  setCurrentApplication(accountId: string, companyId: string, applicationId: string): Promise<void>;
}

/**
 * The candidate portal (spec §7): the signed-in applicant's own records only. Recruiters, admins
 * and other applicants get 403 / 404; the appointment and removal links are public by their token.
 */
export const candidatePortalRoutes: FastifyPluginAsync<PortalRoutesOptions> = async (app, options) => {
  const { portal, appointments } = options;
  const applicant = requireRole('applicant');
  const emailOf = (request: FastifyRequest) => authOrThrow(request).account.email;
  const recruiterMay = [requireRole('recruiter'), requirePermission(PERMISSIONS.candidatesManage)];

  // Personal data: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get('/v2/applicants/candidatures', { config: { apiDoc: { summary: "The signed-in applicant's applications" } }, preHandler: applicant }, async (request) => portal.candidatures(emailOf(request)));

  app.get<{ Params: { id: string } }>('/v2/candidates/:id', { config: { apiDoc: { summary: "The applicant's data for one application" } }, preHandler: [applicant, validateRequest({ params: candidateParams })] }, async (request) =>
    portal.record(emailOf(request), request.params.id),
  );
  app.patch<{ Params: { id: string }; Body: Body<typeof PersonalFieldsSchema> }>(
    '/v2/candidates/:id',
    { config: { apiDoc: { summary: "Correct the applicant's data" } }, preHandler: [applicant, validateRequest({ params: candidateParams, body: body(PersonalFieldsSchema) })] },
    async (request) => portal.updatePersonal(emailOf(request), request.params.id, request.body),
  );
  app.get<{ Params: { id: string } }>('/v2/candidates/:id/pending-requests', { config: { apiDoc: { summary: 'What the recruiter asks of the applicant' } }, preHandler: [applicant, validateRequest({ params: candidateParams })] }, async (request) =>
    portal.pendingRequests(emailOf(request), request.params.id),
  );
  app.get<{ Params: { id: string } }>('/v2/candidates/:id/consent', { config: { apiDoc: { summary: "The applicant's consents" } }, preHandler: [applicant, validateRequest({ params: candidateParams })] }, async (request) =>
    portal.consent(emailOf(request), request.params.id),
  );
  app.post<{ Params: { id: string }; Body: Body<typeof ConsentBodySchema> }>(
    '/v2/candidates/:id/consent',
    { config: { apiDoc: { summary: 'Give or withdraw a consent' } }, preHandler: [applicant, validateRequest({ params: candidateParams, body: body(ConsentBodySchema) })] },
    async (request) => portal.setConsent(emailOf(request), request.params.id, request.body.renew),
  );
  app.get<{ Params: { id: string } }>('/v2/candidates/:id/data.zip', { config: { apiDoc: { summary: "Download all of the applicant's data" } }, preHandler: [applicant, validateRequest({ params: candidateParams })] }, async (request, reply) => {
    const { stream, fileName } = await portal.exportZip(emailOf(request), request.params.id);
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(stream);
  });
  app.post<{ Params: { id: string } }>('/v2/candidates/:id/removal-request', { config: { apiDoc: { summary: "Ask for the applicant's data to be removed" } }, preHandler: [applicant, validateRequest({ params: candidateParams })] }, async (request, reply) => {
    await portal.requestRemoval(emailOf(request), request.params.id, request.log);
    return reply.code(202).send({ sent: true });
  });

  // The removal link of the mail: public, the token is the proof (single use, 7 days).
  app.post<{ Params: { token: string } }>('/v2/applicants/removedata/:token', { config: { apiDoc: { summary: "Remove an applicant's data with the mailed token", access: 'public' } }, preHandler: validateRequest({ params: tokenParams }) }, async (request) => {
    const answer = await portal.removeData(request.params.token, request.log);
    // The candidate's data is gone: a session of theirs on this browser has nothing left to show here.
    return answer;
  });

  // The pending request's mail link: signs its candidate in on that application.
  app.post<{ Params: { id: string; requestId: string }; Body: Body<typeof TokenBodySchema> }>(
    '/v2/candidates/:id/pending-requests/:requestId/sign-in',
    { config: { apiDoc: { summary: "Sign in from a request's mailed link", access: 'public' } }, preHandler: validateRequest({ params: requestParams, body: { schema: TokenBodySchema, errorKey: ERROR_KEYS.invalidToken, statusCode: 401 } }) },
    async (request, reply) => {
      const used = await portal.useRequestLink(request.params.id, request.params.requestId, request.body.token);
      const account = await options.accounts.findApplicant(used.email);
      if (!account) throw new HttpError(401, ERROR_KEYS.invalidToken);
      if (request.auth) await options.sessions.revoke(request.auth.sessionHash);
      const session = await options.sessions.create(account.id);
      await options.setCurrentApplication(account.id, used.companyId, used.applicationId);
      options.cookie.set(reply, session.token, session.expiresAt);
      return { redirectTo: '/applicant/steps/next', _applicantId: used.applicationId };
    },
  );

  // Self-booking with the invitation's link.
  app.get<{ Params: { token: string } }>('/v2/appointments/:token', { config: { apiDoc: { summary: 'An appointment invitation', access: 'public' } }, preHandler: validateRequest({ params: tokenParams }) }, async (request) => appointments.view(request.params.token));
  app.post<{ Params: { token: string }; Body: Body<typeof AppointmentBookBodySchema> }>(
    '/v2/appointments/:token/book',
    { config: { apiDoc: { summary: 'Book a slot of an appointment invitation', access: 'public' } }, preHandler: validateRequest({ params: tokenParams, body: body(AppointmentBookBodySchema) }) },
    async (request) => appointments.book(request.params.token, request.body.slot, request.body.timeZone, request.log),
  );
  app.post<{ Params: { token: string } }>('/v2/appointments/:token/cancel', { config: { apiDoc: { summary: 'Cancel a booked appointment', access: 'public' } }, preHandler: validateRequest({ params: tokenParams }) }, async (request) =>
    appointments.cancelByCandidate(request.params.token, request.log),
  );

  // The recruiter's side, from the candidate page.
  app.post<{ Params: { candidateId: string }; Body: Body<typeof PendingRequestBodySchema> }>(
    '/v2/recruiter/candidates/:candidateId/requests',
    { config: { apiDoc: { summary: 'Ask a candidate for something (a document, a correction)' } }, preHandler: [...recruiterMay, validateRequest({ params: recruiterCandidate, body: body(PendingRequestBodySchema) })] },
    async (request, reply) => {
      const auth = authOrThrow(request);
      const created = await portal.createRequest(tenantOf(auth), auth.account.id, request.params.candidateId, request.body, request.log);
      return reply.code(201).send(created);
    },
  );
  app.get<{ Params: { candidateId: string } }>(
    '/v2/recruiter/candidates/:candidateId/appointments',
    { config: { apiDoc: { summary: "A candidate's appointments" } }, preHandler: [requireRole('recruiter'), validateRequest({ params: recruiterCandidate })] },
    async (request) => appointments.listForRecruiter(tenantOf(authOrThrow(request)), request.params.candidateId),
  );
  app.post<{ Params: { candidateId: string }; Body: Body<typeof AppointmentOfferBodySchema> }>(
    '/v2/recruiter/candidates/:candidateId/appointments',
    { config: { apiDoc: { summary: 'Invite a candidate to book an appointment' } }, preHandler: [...recruiterMay, validateRequest({ params: recruiterCandidate, body: body(AppointmentOfferBodySchema) })] },
    async (request, reply) => {
      const auth = authOrThrow(request);
      const created = await appointments.offer(tenantOf(auth), auth.account.id, request.params.candidateId, request.body, request.log);
      return reply.code(201).send(created);
    },
  );
  app.post<{ Params: { id: string } }>(
    '/v2/recruiter/appointments/:id/cancel',
    { config: { apiDoc: { summary: 'Cancel an appointment' } }, preHandler: [...recruiterMay, validateRequest({ params: { schema: IdParamsSchema, errorKey: ERROR_KEYS.notFound, statusCode: 404 } })] },
    async (request) => appointments.cancelByRecruiter(tenantOf(authOrThrow(request)), request.params.id, request.log),
  );
};
