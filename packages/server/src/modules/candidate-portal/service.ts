import { companyTheme } from '../branding/service';
import type { Readable } from 'node:stream';
import {
  type CandidateApplication,
  type CandidateApplicationStatus,
  type CandidateConsent,
  type CandidateRecord,
  type Candidature,
  companySettingsOf,
  ERROR_KEYS,
  type PendingRequest,
  type PendingRequestBody,
  type PersonalFields,
} from '@rec/core';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { newId } from '../../db/ids';
import { HttpError } from '../../http/errors';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import { addMs, type Clock, DAY, newToken, tokenHash } from '../auth/tokens';
import type { BackgroundTasks } from '../mail/background';
import type { Mailer } from '../mail/mailer';
import type { FileStorage } from '../storage/file-storage';
import { anonymiseCandidate, type RemovedFiles } from './anonymise';
import { candidateZip, type ExportFile, zipEntryName } from './data-export';
import { renderCandidateMail, renderPortalMail, requestKindText } from './portal-mails';
import type { CandidateRow, PortalApplicationRow, PortalRepository } from './repository';

export const REMOVAL_LINK_DAYS = 7;
export const REQUEST_LINK_DAYS = 14;

export type PortalService = ReturnType<typeof createPortalService>;

export interface PortalServiceDeps {
  repository: PortalRepository;
  storage: FileStorage;
  mailer: Mailer;
  background: BackgroundTasks;
  audit: AuditLog;
  now: Clock;
  publicUrl: string;
  retentionDays: number;
  /** Removes stored files whose rows are gone (logs what it cannot remove). */
  removeFiles(files: RemovedFiles): Promise<void>;
}

/** Adds calendar months in UTC (31 Jan + 1 month = 3 Mar, like Date does: a little longer, never shorter). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const personalOf = (row: CandidateRow) => {
  const personal = (row.data.personal ?? {}) as { name?: { first?: unknown; last?: unknown }; phone?: unknown };
  return { firstName: text(personal.name?.first), lastName: text(personal.name?.last), email: row.email, phone: text(personal.phone) };
};
export const candidateNameOf = (row: CandidateRow) => {
  const { firstName, lastName } = personalOf(row);
  return `${firstName} ${lastName}`.trim();
};

/** When the candidate's consent ends: set explicitly (renewed), else the last application's consent plus the company's months. */
export function consentOf(row: CandidateRow, now: Date): CandidateConsent {
  const months = companySettingsOf(row.company_settings).consentMonths;
  const given = row.last_consent_at ? new Date(row.last_consent_at) : null;
  const expires = row.consent_expires_at ? new Date(row.consent_expires_at) : given ? addMonths(given, months) : null;
  return { givenAt: given?.toISOString() ?? null, expiresAt: expires?.toISOString() ?? null, expired: !!expires && expires <= now, months };
}

/** The stage a candidate sees: their recruiter's pipeline stays internal. */
export function candidateStatusOf(row: Pick<PortalApplicationRow, 'current_stage' | 'steps_total' | 'steps_open' | 'withdrawn'>, settings: Record<string, unknown>): CandidateApplicationStatus {
  if (row.withdrawn) return 'withdrawn';
  const stages = companySettingsOf(settings).stages;
  const stage = stages.find((item) => item.id === row.current_stage);
  if (stage && stage.kind !== 'open') return 'closed';
  if ((stage && stage.id !== stages[0]?.id) || row.steps_open < row.steps_total) return 'inProgress';
  return 'submitted';
}

/**
 * The candidate's own record, consent, pending requests, data download and removal. Every call
 * starts from the signed-in applicant's e-mail: a record of another e-mail is a 404, whoever asks.
 */
export function createPortalService(deps: PortalServiceDeps) {
  const { repository, storage, mailer, background, audit, now, publicUrl } = deps;

  async function own(email: string, candidateId: string): Promise<CandidateRow> {
    const row = await repository.candidateOfEmail(email, candidateId);
    if (!row) throw new HttpError(404, ERROR_KEYS.notFound);
    return row;
  }

  function applicationOf(row: CandidateRow, application: PortalApplicationRow): CandidateApplication {
    return {
      _id: application.id,
      openingTitle: application.job_title,
      companyName: row.company_name,
      appliedAt: new Date(application.created_at).toISOString(),
      status: candidateStatusOf(application, row.company_settings),
      // A withdrawn application's steps stopped: nothing is left to do.
      stepsToDo: application.withdrawn ? 0 : application.steps_open,
    };
  }

  async function recordOf(row: CandidateRow): Promise<CandidateRecord> {
    const applications = await repository.applicationsOf(row.company_id, row.id);
    return {
      _id: row.id,
      companyName: row.company_name,
      personal: personalOf(row),
      applications: applications.map((application) => applicationOf(row, application)),
      consent: consentOf(row, now()),
      // The portal carries the company's brand, as its board and the steps do (issue 25).
      theme: companyTheme(row.company_settings),
    };
  }

  return {
    async candidatures(email: string): Promise<Candidature[]> {
      const rows = await repository.candidaturesOfEmail(email);
      return rows.map((row) => ({ candidateId: row.id, companyName: row.company_name, applications: row.applications }));
    },

    async record(email: string, candidateId: string): Promise<CandidateRecord> {
      return recordOf(await own(email, candidateId));
    },

    /** Corrects the personal fields on the record and on every application the recruiters read. */
    async updatePersonal(email: string, candidateId: string, patch: PersonalFields): Promise<CandidateRecord> {
      const row = await own(email, candidateId);
      const current = personalOf(row);
      const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) };
      const data = { ...row.data, personal: { ...((row.data.personal as object) ?? {}), name: { first: next.firstName, last: next.lastName }, email: row.email, phone: next.phone } };
      const applications = await repository.applicationsOf(row.company_id, row.id);
      const forms = applications.map((application) => ({
        id: application.id,
        form: { ...application.form, firstName: next.firstName, lastName: next.lastName, ...(next.phone || application.form.phone ? { phone: next.phone } : {}) },
      }));
      await repository.setPersonal(row.company_id, row.id, data, forms, now());
      return recordOf((await repository.candidateOfEmail(email, candidateId)) ?? row);
    },

    async pendingRequests(email: string, candidateId: string): Promise<PendingRequest[]> {
      const row = await own(email, candidateId);
      const requests = await repository.openRequestsOf(row.company_id, row.id);
      return requests.map((request) => ({
        _id: request.id,
        kind: request.kind,
        message: request.message,
        applicationId: request.application_id,
        openingTitle: request.job_title,
        createdAt: new Date(request.created_at).toISOString(),
      }));
    },

    async consent(email: string, candidateId: string): Promise<CandidateConsent> {
      return consentOf(await own(email, candidateId), now());
    },

    /** Renewing extends the consent by the company's months from today; declining ends it now (the data goes at the next retention run). */
    async setConsent(email: string, candidateId: string, renew: boolean): Promise<CandidateConsent> {
      const row = await own(email, candidateId);
      const time = now();
      const expiresAt = renew ? addMonths(time, companySettingsOf(row.company_settings).consentMonths) : time;
      await repository.setConsentExpiry(row.company_id, row.id, expiresAt, time);
      return consentOf({ ...row, consent_expires_at: expiresAt }, time);
    },

    /** Everything held about the candidate in this company: data.json and the uploaded files. */
    async exportZip(email: string, candidateId: string): Promise<{ stream: Readable; fileName: string }> {
      const row = await own(email, candidateId);
      const applications = await repository.applicationsOf(row.company_id, row.id);
      const uploadIds = applications.flatMap((application) => [application.cv_upload_id, application.cover_letter_upload_id]).filter((id): id is string => !!id);
      const uploads = new Map((await repository.uploadsOf(row.company_id, uploadIds)).map((upload) => [upload.id, upload]));
      const steps = await repository.stepsOf(
        row.company_id,
        applications.map((application) => application.id),
      );
      const files: ExportFile[] = [];
      const fileOf = (applicationId: string, kind: string, uploadId: string | null) => {
        const upload = uploadId ? uploads.get(uploadId) : undefined;
        if (!upload) return null;
        const name = zipEntryName(`${applicationId}-${kind}`, upload.original_name);
        files.push({ name, storageKey: upload.storage_key });
        return { name: upload.original_name, contentType: upload.content_type, inZip: name };
      };
      const data = {
        exportedAt: now().toISOString(),
        company: row.company_name,
        candidate: { id: row.id, email: row.email, personal: personalOf(row), data: row.data },
        consent: consentOf(row, now()),
        applications: applications.map((application) => ({
          ...applicationOf(row, application),
          language: application.language,
          form: application.form,
          consentGivenAt: new Date(application.consent_given_at).toISOString(),
          consentText: application.consent_text,
          consentLanguage: application.consent_language,
          consentVersion: application.consent_version,
          cv: fileOf(application.id, 'cv', application.cv_upload_id),
          coverLetter: fileOf(application.id, 'cover-letter', application.cover_letter_upload_id),
          steps: steps.filter((step) => step.application_id === application.id).map(({ application_id: _id, ...step }) => step),
        })),
        pendingRequests: (await repository.openRequestsOf(row.company_id, row.id)).map((request) => ({ kind: request.kind, message: request.message, createdAt: request.created_at })),
        appointments: (await repository.appointmentsOf(row.company_id, row.id)).map((appointment) => ({
          status: appointment.status,
          durationMinutes: appointment.duration_minutes,
          location: appointment.location,
          videoUrl: appointment.video_url,
          slots: appointment.slots,
          chosen: appointment.chosen_start,
        })),
      };
      return { stream: await candidateZip(data, files, storage), fileName: `my-data-${row.company_slug}.zip` };
    },

    /** Mails a single-use removal link (7 days) to the candidate's own address. */
    async requestRemoval(email: string, candidateId: string, log: FastifyBaseLogger): Promise<void> {
      const row = await own(email, candidateId);
      const token = newToken();
      const created = now();
      await repository.insertRemovalToken({ token_hash: tokenHash(token), company_id: row.company_id, candidate_id: row.id, created_at: created, expires_at: addMs(created, REMOVAL_LINK_DAYS * DAY) });
      const link = `${publicUrl}/applicant/removeData/${token}/${row.company_slug}`;
      background.run(log, () => mailer.send(renderPortalMail('removalLink', row.language ?? undefined, { to: row.email, companyId: row.company_id }, { companyName: row.company_name, link, days: REMOVAL_LINK_DAYS })));
    },

    /** The removal link: removes once, audits counts only, confirms by mail; an unknown, used or expired link is a 404. */
    async removeData(token: string, log: FastifyBaseLogger): Promise<{ redirectTo: string }> {
      const time = now();
      const result = await repository.db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('data_removal_tokens')
          .set({ used_at: time })
          .where('token_hash', '=', tokenHash(token))
          .where('used_at', 'is', null)
          .where('expires_at', '>', time)
          .returning(['company_id', 'candidate_id'])
          .executeTakeFirst();
        if (!used) return undefined;
        const candidate = await trx
          .selectFrom('candidates as c')
          .innerJoin('companies as co', 'co.id', 'c.company_id')
          .select(['c.email', 'co.name as company_name', sql<string | null>`(select a.language from applications a where a.company_id = c.company_id and a.candidate_id = c.id order by a.created_at desc limit 1)`.as('language')])
          .where('c.company_id', '=', used.company_id)
          .where('c.id', '=', used.candidate_id)
          .where('c.anonymised_at', 'is', null)
          .executeTakeFirst();
        if (!candidate) return undefined;
        const done = await anonymiseCandidate(trx, used.company_id, used.candidate_id, time);
        return { ...used, ...candidate, done };
      });
      if (!result) throw new HttpError(404, ERROR_KEYS.invalidToken);
      await deps.removeFiles(result.done);
      await audit.record({
        companyId: result.company_id,
        actorId: result.candidate_id,
        action: AUDIT_ACTIONS.candidateDataRemoval,
        openingId: null,
        details: { applications: result.done.applications, files: result.done.files, via: 'removalLink' },
      });
      background.run(log, () => mailer.send(renderPortalMail('removalDone', result.language ?? undefined, { to: result.email, companyId: result.company_id }, { companyName: result.company_name })));
      return { redirectTo: '/applicant/message?messageKey=dataRemoved' };
    },

    /**
     * The pending request's mail link: a live token signs its candidate's applicant account in
     * on that application. Answers the account and the application; the token works once.
     */
    async useRequestLink(candidateId: string, requestId: string, token: string): Promise<{ companyId: string; applicationId: string; email: string }> {
      const time = now();
      const used = await repository.useRequestToken(candidateId, requestId, tokenHash(token), tokenHash(newToken()), time);
      if (!used) throw new HttpError(401, ERROR_KEYS.invalidToken);
      const row = await repository.candidateInCompany(used.company_id, candidateId);
      if (!row) throw new HttpError(401, ERROR_KEYS.invalidToken);
      return { companyId: used.company_id, applicationId: used.application_id, email: row.email };
    },

    /** A recruiter asks the candidate for something: the request shows in the portal, the candidate gets a mail with a sign-in link. */
    async createRequest(companyId: string, recruiterId: string, candidateId: string, body: PendingRequestBody, log: FastifyBaseLogger): Promise<{ _id: string }> {
      const row = await repository.candidateInCompany(companyId, candidateId);
      const application = row ? (await repository.applicationsOf(companyId, candidateId)).find((item) => item.id === body.applicationId) : undefined;
      if (!row || !application) throw new HttpError(404, ERROR_KEYS.notFound);
      const token = newToken();
      const time = now();
      const id = newId(time);
      await repository.insertRequest({
        id,
        company_id: companyId,
        candidate_id: candidateId,
        application_id: application.id,
        kind: body.kind,
        message: body.message,
        requested_by: recruiterId,
        token_hash: tokenHash(token),
        token_expires_at: addMs(time, REQUEST_LINK_DAYS * DAY),
      });
      const link = `${publicUrl}/applicant/${candidateId}/request/${id}?token=${token}`;
      const language = application.language;
      const extra = [requestKindText(body.kind, language), body.message].filter(Boolean).join('\n\n');
      background.run(log, () =>
        mailer.send(
          renderCandidateMail('pendingRequest', language, { to: row.email, companyId }, { candidateName: candidateNameOf(row), openingTitle: application.job_title, companyName: row.company_name, link }, extra),
        ),
      );
      return { _id: id };
    },
  };
}
