import { Readable } from 'node:stream';
import {
  type CandidateFileParams,
  CandidateFileParamsSchema,
  type CandidateParams,
  CandidateParamsSchema,
  type InterviewVideoParams,
  InterviewVideoParamsSchema,
  NoteBodySchema,
} from '@rec/core/candidate-review';
import { ERROR_KEYS, PERMISSIONS } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOrThrow, requirePermission, requireRole, tenantOf } from '../../http/auth';
import { attachmentDisposition } from '../../http/content-disposition';
import { HttpError } from '../../http/errors';
import { type RequestRule, validateRequest } from '../../http/validation';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import type { FileStorage } from '../storage/file-storage';
import type { VideoStorage } from '../steps/video-storage';
import { MAX_RANGE_BYTES, rangeOf } from './byte-range';
import type { CandidateReviewService } from './service';

/** A malformed id names no candidate: 404, like another company's. */
const candidateParams: RequestRule = { schema: CandidateParamsSchema, errorKey: ERROR_KEYS.candidateNotFound, statusCode: 404 };
const videoParams: RequestRule = { schema: InterviewVideoParamsSchema, errorKey: ERROR_KEYS.fileNotFound, statusCode: 404 };
const fileParams: RequestRule = { schema: CandidateFileParamsSchema, errorKey: ERROR_KEYS.fileNotFound, statusCode: 404 };

/** What the page shows inline: PDF in the browser's viewer, images as images; anything else is a download. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

/**
 * The bytes of a stored answer. The one place the candidate page reads video files: a storage
 * driver other than the disk changes only this.
 */
function readVideo(storage: VideoStorage, key: string, start: number, length: number): Promise<Buffer> {
  return storage.read(key, start, length);
}

/** The whole answer, read part by part (never the whole file in memory). */
function wholeVideo(storage: VideoStorage, key: string, size: number): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < size; offset += MAX_RANGE_BYTES) yield await readVideo(storage, key, offset, Math.min(MAX_RANGE_BYTES, size - offset));
    })(),
  );
}

/**
 * The candidate page (issue 11):
 *   GET  /v2/recruiter/openings/{openingId}/candidates/{candidateId}                     everything the candidate gave, stage, neighbours, timeline
 *   GET  .../interview-answers/{stepId}/{questionId}/video                                an answer, with range requests (seeking), CANDIDATES:SENSITIVE:READ
 *   GET  .../files/{cv|cover-letter}                                                      the file inline (PDF, images), CANDIDATES:SENSITIVE:READ
 *   GET  .../notes, POST .../notes                                                        notes; writing needs CANDIDATES:MANAGE
 * Any recruiter of the company reads the page (viewers too, without videos, scores, files and sensitive
 * fields); the tenant comes from the session only.
 */
export const candidateReviewRoutes: FastifyPluginAsync<{ reviews: CandidateReviewService; videos: VideoStorage; files: FileStorage; audit: AuditLog }> = async (
  app,
  { reviews, videos, files, audit },
) => {
  const recruiter = requireRole('recruiter');
  const base = '/v2/recruiter/openings/:openingId/candidates/:candidateId';
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get<{ Params: CandidateParams }>(base, { config: { apiDoc: { summary: 'A candidate’s application to an opening' } }, preHandler: [recruiter, validateRequest({ params: candidateParams })] }, async (request) =>
    reviews.review(authOrThrow(request), request.params.openingId, request.params.candidateId),
  );

  app.get<{ Params: InterviewVideoParams }>(
    `${base}/interview-answers/:stepId/:questionId/video`,
    // A video shows the candidate (special-category content): the same rule as the CV, on the server.
    {
      config: { apiDoc: { summary: 'A candidate’s recorded interview answer' } },
      preHandler: [recruiter, requirePermission(PERMISSIONS.candidatesSensitiveRead), validateRequest({ params: videoParams })],
    },
    async (request, reply) => {
      const { openingId, candidateId, stepId, questionId } = request.params;
      const video = await reviews.interviewVideo(authOrThrow(request), openingId, candidateId, stepId, questionId);
      const size = await videos.size(video.storageKey).catch(() => undefined);
      if (size === undefined) throw new HttpError(404, ERROR_KEYS.fileNotFound);
      reply.header('accept-ranges', 'bytes').header('content-type', video.contentType).header('cache-control', 'private, max-age=0, must-revalidate');
      const range = rangeOf(request.headers.range, size);
      if (range.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        throw new HttpError(416, ERROR_KEYS.rangeNotSatisfiable);
      }
      if (range.kind === 'whole') return reply.header('content-length', size).send(wholeVideo(videos, video.storageKey, size));
      const bytes = await readVideo(videos, video.storageKey, range.start, range.end - range.start + 1);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.start + bytes.length - 1}/${size}`)
        .send(bytes);
    },
  );

  app.get<{ Params: CandidateFileParams }>(
    `${base}/files/:kind`,
    { config: { apiDoc: { summary: 'A candidate’s file (CV, cover letter)' } }, preHandler: [recruiter, requirePermission(PERMISSIONS.candidatesSensitiveRead), validateRequest({ params: fileParams })] },
    async (request, reply) => {
      const auth = authOrThrow(request);
      const { openingId, candidateId, kind } = request.params;
      const file = await reviews.file(auth, openingId, candidateId, kind);
      const bytes = await files.get(file.storageKey);
      if (!bytes) throw new HttpError(404, ERROR_KEYS.fileNotFound);
      await audit.record({ companyId: tenantOf(auth), actorId: auth.account.id, action: AUDIT_ACTIONS.candidateFileView, openingId, details: { applicationId: file.applicationId, kind } });
      const inline = INLINE_TYPES.has(file.contentType);
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', inline ? attachmentDisposition(file.name).replace(/^attachment/, 'inline') : attachmentDisposition(file.name))
          // Framed by our own page only; no script runs in it. Images are also sandboxed; a PDF
          // cannot be (Chromium refuses to show PDFs in a sandboxed document).
          .header('content-security-policy', `default-src 'none'; img-src 'self'; frame-ancestors 'self'${file.contentType === 'application/pdf' ? '' : '; sandbox'}`)
          .send(bytes)
      );
    },
  );

  app.get<{ Params: CandidateParams }>(`${base}/notes`, { config: { apiDoc: { summary: 'The notes on a candidate' } }, preHandler: [recruiter, validateRequest({ params: candidateParams })] }, async (request) =>
    reviews.notes(authOrThrow(request), request.params.openingId, request.params.candidateId),
  );

  app.post<{ Params: CandidateParams; Body: { text: string; mentions: string[] } }>(
    `${base}/notes`,
    {
      config: { apiDoc: { summary: 'Add a note on a candidate' } },
      preHandler: [
        recruiter,
        requirePermission(PERMISSIONS.candidatesManage),
        validateRequest({ params: candidateParams, body: { schema: NoteBodySchema, errorKey: ERROR_KEYS.badRequest } }),
      ],
    },
    async (request, reply) => {
      const auth = authOrThrow(request);
      const { openingId, candidateId } = request.params;
      const note = await reviews.addNote(auth, openingId, candidateId, request.body);
      // Ids and counts only: the text may hold personal data.
      await audit.record({ companyId: tenantOf(auth), actorId: auth.account.id, action: AUDIT_ACTIONS.candidateNote, openingId, details: { noteId: note._id, mentions: note.mentions.length } });
      return reply.code(201).send(note);
    },
  );
};
