import { createHash } from 'node:crypto';
import { CV_EXTENSIONS, checkUploadFile, fileExtension, MAX_UPLOAD_BYTES } from '@rec/core/files';
import { ERROR_KEYS, hasControlCharacters, ObjectIdSchema, PERMISSIONS } from '@rec/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '../../config';
import multipart from '@fastify/multipart';
import * as v from 'valibot';
import { newId } from '../../db/ids';
import { authOrThrow, requirePermission, requireRole, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { addressKey } from '../../http/client-address';
import { requireContentType, requireDeclaredSize, type UploadGuard } from '../../http/upload-guard';
import { validateRequest } from '../../http/validation';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import { attachmentDisposition } from '../../http/content-disposition';
import { sendStoredFile } from '../../http/file-response';
import type { OfferRepository } from '../offers/repository';
import { isOfferOpen } from '../offers/service';
import { recogniseContent } from './file-content';
import type { FileStorage } from './file-storage';
import type { UploadRepository } from './repository';

/**
 * `scopeName=COMPANY&companyId=…` as spec §7 names them, plus the offer channel the candidate
 * applies through: an anonymous upload is only accepted for an open offer, and the company is
 * the offer's (a companyId naming another company is refused with 403).
 */
const UploadParamsSchema = v.object({ id: ObjectIdSchema });

const UploadQuerySchema = v.object({
  scopeName: v.literal('COMPANY'),
  companyId: ObjectIdSchema,
  channelId: ObjectIdSchema,
});
type UploadQuery = v.InferOutput<typeof UploadQuerySchema>;

export interface StorageRoutesOptions {
  storage: FileStorage;
  uploads: UploadRepository;
  offers: OfferRepository;
  limiter: RateLimiter;
  audit: AuditLog;
  /** Per-route size limit in bytes (default 10 MB, spec §9). */
  maxBytes?: number;
  /** What one address and one company may hold unattached, and the free-space floor. */
  limits?: UploadLimits;
  /** The shared upload guard (free space). */
  guard: UploadGuard;
}

const MULTIPART = /^multipart\/form-data\b/i;

/** Not the address (an IPv4 address or an IPv6 /64) itself in the table; the hash is cleared once the upload is swept or attached. */
const hashOfAddress = (ip: string) => createHash('sha256').update(ip).digest('hex');

export const storageRoutes: FastifyPluginAsync<StorageRoutesOptions> = async (app, options) => {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const limits = options.limits ?? DEFAULT_UPLOAD_LIMITS;
  // The candidate's message is the rate limit's: wait, or send the application the files are for.
  const tooMany = () => new HttpError(429, ERROR_KEYS.tooManyRequests);
  // Only uploads of the pending window count: older ones are being swept (UPLOAD_PENDING_MINUTES).
  const pendingSince = () => new Date(Date.now() - limits.pendingMinutes * 60_000);
  // Registered in this plugin only: no other route parses multipart bodies.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, headerPairs: 50 } });

  /**
   * Everything that can refuse a CV upload, before a byte of it is read (the upload guard runs
   * this in onRequest): the rate, the query, an open offer of that company, the content type,
   * the room left, and what the client's address and the company already hold unattached.
   */
  async function admitCv(request: FastifyRequest): Promise<void> {
    await options.limiter.guard(request);
    const query = v.safeParse(UploadQuerySchema, request.query);
    if (!query.success) throw new HttpError(400, ERROR_KEYS.invalidQuery);
    const { companyId, channelId } = query.output;
    const channel = await options.offers.findChannelOffer(channelId);
    if (!channel) throw new HttpError(404, ERROR_KEYS.offerNotFound);
    if (channel.companyId !== companyId) throw new HttpError(403, ERROR_KEYS.forbidden);
    if (!isOfferOpen(channel.postingStatus, channel.openingStatus)) throw new HttpError(410, ERROR_KEYS.offerClosed);
    requireContentType(request, MULTIPART);
    requireDeclaredSize(request, maxBytes);
    // Refused before the body is read: a full disk takes the database down with it.
    await options.guard.requireFreeSpace(request, options.storage);
    const held = await options.uploads.held(companyId, hashOfAddress(addressKey(request.ip)), pendingSince());
    if (held.ip.count >= limits.perIpCount || held.ip.bytes >= limits.perIpBytes) throw tooMany();
    // Fair to candidates: an address holding nothing pending here always gets its first CV in, so
    // outsiders filling the company's bound cannot close its applications (issue 24, M2).
    if (held.ipHere > 0 && (held.company.count >= limits.perCompanyCount || held.company.bytes >= limits.perCompanyBytes)) throw tooMany();
  }

  app.post<{ Querystring: UploadQuery }>(
    '/v2/storage',
    {
      config: { apiDoc: { summary: 'Upload a file for an application (CV, cover letter)' }, upload: { kind: 'cv', admit: admitCv } },
      preHandler: [validateRequest({ query: { schema: UploadQuerySchema, errorKey: ERROR_KEYS.invalidQuery } })],
    },
    async (request, reply) => {
      const { companyId } = request.query;
      const part = await request.file();
      if (part?.fieldname !== 'file') throw new HttpError(400, ERROR_KEYS.badRequest);
      // Throws a 413 as soon as the stream passes the limit.
      const bytes = await part.toBuffer();
      const name = part.filename.slice(-255);
      const problem = checkUploadFile({ name, size: bytes.length }, CV_EXTENSIONS, maxBytes / (1024 * 1024));
      // The name is stored and shown to recruiters: a NUL cannot be stored, other controls mislead.
      if (hasControlCharacters(name)) throw new HttpError(400, ERROR_KEYS.invalidFileName);
      if (problem?.key === 'offerPage.maxFileSize') throw new HttpError(bytes.length ? 413 : 400, bytes.length ? ERROR_KEYS.payloadTooLarge : ERROR_KEYS.badRequest);
      const extension = fileExtension(name);
      const content = recogniseContent(bytes);
      if (problem || !content?.extensions.includes(extension)) throw new HttpError(415, ERROR_KEYS.unsupportedMediaType);

      // The bounds hold with this file counted (concurrent uploads may pass together; the
      // overshoot is bounded by the per-address rate limit).
      const uploaderIpHash = hashOfAddress(addressKey(request.ip));
      const held = await options.uploads.held(companyId, uploaderIpHash, pendingSince());
      if (held.ip.bytes + bytes.length > limits.perIpBytes) throw tooMany();
      if (held.ipHere > 0 && held.company.bytes + bytes.length > limits.perCompanyBytes) throw tooMany();

      // Temporary name first, the record, then the rename: a crash at any point leaves either a
      // partial file or a record without a file, both swept (see orphan-files.ts).
      const staged = await options.storage.stage(companyId, bytes, extension);
      const id = newId();
      try {
        await options.uploads.insert({ id, companyId, storageKey: staged.key, originalName: name, contentType: content.type, size: bytes.length, uploaderIpHash });
      } catch (error) {
        await staged.discard();
        throw error;
      }
      await staged.commit();
      return reply.code(201).send({ url: `/v2/storage/${id}`, name, size: bytes.length });
    },
  );

  /**
   * A CV is personal data: only a signed-in recruiter of the upload's company who may read
   * candidates' sensitive data (CANDIDATES:SENSITIVE:READ, issue 9) reads it (tenant
   * from the session; another company's file is a 404 like a missing one), always as a download
   * that the browser must not sniff or render inline, never cached, and each read is audited.
   */
  app.get<{ Params: { id: string } }>(
    '/v2/storage/:id',
    { config: { apiDoc: { summary: 'A stored file of an application' } },
      preHandler: [
        requireRole('recruiter'),
        requirePermission(PERMISSIONS.candidatesSensitiveRead),
        validateRequest({ params: { schema: UploadParamsSchema, errorKey: ERROR_KEYS.fileNotFound, statusCode: 404 } }),
      ],
    },
    async (request, reply) => {
      const auth = authOrThrow(request);
      const companyId = tenantOf(auth);
      const upload = await options.uploads.find(companyId, request.params.id);
      const info = upload && (await options.storage.stat(upload.storageKey));
      if (!upload || !info) throw new HttpError(404, ERROR_KEYS.fileNotFound);
      // A range request (a resumed download) is a read too: audited like the first.
      await options.audit.record({ companyId, actorId: auth.account.id, action: AUDIT_ACTIONS.fileDownload, openingId: null, details: { uploadId: request.params.id } });
      reply
        .header('content-type', upload.contentType)
        .header('content-disposition', attachmentDisposition(upload.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store');
      // Streamed from whichever driver holds it, never whole in memory.
      return sendStoredFile(request, reply, options.storage, upload.storageKey);
    },
  );
};
