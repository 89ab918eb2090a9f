import { createHash } from 'node:crypto';
import type { ApplicationReceipt } from '@rec/core/application';
import { type ApplicationSubmission, ApplicationSubmissionSchema, submissionIssues } from '@rec/core/application-schema';
import { applyFormOf, ERROR_KEYS, type Locale, pickPrivacyNotice, pickText, type PrivacyNotice, type ShownPrivacyNotice } from '@rec/core';
import * as v from 'valibot';
import { newId } from '../../db/ids';
import { FieldsError, HttpError } from '../../http/errors';
import type { DomainEvents } from '../domain-events/domain-events';
import { privacyNoticesOf } from '../offers/privacy-notices';
import type { OfferService } from '../offers/service';
import { checkRequiredFields, withoutHiddenFields } from './apply-form-rules';
import type { ApplicationRepository } from './repository';

/** What the confirmation mail needs to know about a new application. */
export interface ApplicationNotice {
  applicationId: string;
  candidateId: string;
  companyId: string;
  companyName: string;
  email: string;
  firstName: string;
  lastName: string;
  language: Locale;
  offerTitle: string;
  offerUrl: string;
}

export type NotifyCandidate = (application: ApplicationNotice) => Promise<void>;

const SUBMISSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

export type ApplicationService = ReturnType<typeof createApplicationService>;

export function createApplicationService(deps: {
  repository: ApplicationRepository;
  offers: OfferService;
  notifyCandidate: NotifyCandidate;
  log?: { error(object: unknown, message: string): void };
  /** Runs once a new application is saved (the step flow creates its steps); may add to the answer. */
  afterCreate?: (created: { companyId: string; applicationId: string }) => Promise<Partial<ApplicationReceipt>>;
  /** Told of every new application after its commit (APPLICATION_CREATED: the recruiters' pipeline). */
  events?: DomainEvents;
}) {
  const { repository, offers, notifyCandidate } = deps;

  return {
    /**
     * Applies to the offer behind `channelId`. The company is the offer's: the client never names
     * it. A submission id seen before answers the first application (`created: false`) instead
     * of a duplicate. The uploaded CV is linked in the same transaction as the application.
     */
    async submit(channelId: string, body: unknown, idempotencyKey: string | undefined): Promise<ApplicationReceipt> {
      const { offer, row } = await offers.getChannelOfferWithRow(channelId, []);
      if (idempotencyKey !== undefined && !SUBMISSION_ID.test(idempotencyKey)) throw new HttpError(400, ERROR_KEYS.badRequest);
      const applyForm = applyFormOf(row.applyForm);
      const parsed = v.safeParse(ApplicationSubmissionSchema, withoutHiddenFields(body, applyForm));
      if (!parsed.success) throw new FieldsError(submissionIssues(parsed.issues));
      const submission: ApplicationSubmission = parsed.output;
      checkRequiredFields(submission, applyForm);
      const submissionId = idempotencyKey ?? submission.submissionId;
      const companyId = row.companyId;
      const language: Locale = submission.language ?? offer.language;
      const uploadIdOf = (reference: { url: string } | undefined) => reference?.url.slice(reference.url.lastIndexOf('/') + 1);

      const consent = consentedNotice(privacyNoticesOf(row.companySettings), submission.privacyNotice, [language, offer.language]);
      const fingerprint = submissionFingerprint(submission);
      /** A retry answers the first application; the same key with another form is a client bug or a replay: 422. */
      const replay = (existing: { id: string; candidateId: string; fingerprint: string | null }) => {
        if (existing.fingerprint !== null && existing.fingerprint !== fingerprint) throw new HttpError(422, ERROR_KEYS.idempotencyKeyReused);
        return { applicationId: existing.id, candidateId: existing.candidateId, created: false, name: undefined };
      };

      const result = await repository.transaction(async (queries) => {
        const existing = await queries.findBySubmission(companyId, channelId, submissionId);
        if (existing) return replay(existing);

        const freeUpload = async (field: 'cv' | 'coverLetterFile') => {
          const id = uploadIdOf(submission[field]);
          if (!id) return null;
          const upload = await queries.findFreeUpload(companyId, id);
          if (!upload || upload.applicationId) throw new FieldsError({ [field]: 'offerPage.uploadMissing' });
          return upload.id;
        };
        const cvUploadId = await freeUpload('cv');
        const coverLetterUploadId = await freeUpload('coverLetterFile');
        if (cvUploadId && cvUploadId === coverLetterUploadId) throw new FieldsError({ coverLetterFile: 'offerPage.uploadMissing' });
        const referralCode =
          submission.companyReferralCode && (await queries.referralExists(companyId, submission.companyReferralCode)) ? submission.companyReferralCode : null;

        const email = submission.email.trim().toLowerCase();
        const candidate = await queries.findOrCreateCandidate(companyId, newId(), email, candidateData(submission, email, referralCode));
        const candidateId = candidate.id;
        const { gdprConsent: _consent, privacyNotice: _notice, submissionId: _id, source, ...form } = submission;
        const applicationId = await queries.insertApplication({
          id: newId(),
          companyId,
          channelId,
          candidateId,
          cvUploadId,
          coverLetterUploadId,
          submissionId,
          submissionFingerprint: fingerprint,
          language,
          referralCode,
          source: source ?? {},
          form: { ...form, companyReferralCode: referralCode ?? '' },
          consentGivenAt: new Date(),
          consent,
        });
        if (applicationId) {
          // Every application stands in a pipeline stage from the start: the company's first one.
          await queries.enterFirstStage(companyId, applicationId);
          return { applicationId, candidateId, created: true, name: storedName(candidate.data) };
        }
        // A concurrent retry won the race: answer its application.
        const winner = await queries.findBySubmission(companyId, channelId, submissionId);
        if (!winner) throw new Error('application vanished after a submission conflict');
        return replay(winner);
      });

      if (result.created) {
        const openingId = await repository.openingOfChannel(companyId, channelId);
        if (openingId) deps.events?.emit({ type: 'APPLICATION_CREATED', companyId, openingId, applicationId: result.applicationId });
      }
      let extra: Partial<ApplicationReceipt> = {};
      if (result.created && deps.afterCreate) {
        // The application is saved: a failing hook is logged; the step flow creates missing steps on first read.
        extra = await deps.afterCreate({ companyId, applicationId: result.applicationId }).catch((error: unknown) => {
          deps.log?.error({ err: error }, 'after-create hook failed');
          return {};
        });
      }
      if (result.created) {
        const notice: ApplicationNotice = {
          applicationId: result.applicationId,
          candidateId: result.candidateId,
          companyId,
          companyName: row.companyName,
          email: submission.email.trim(),
          // The mail goes to the address's owner: greeted by the name they gave, not one typed by whoever applied with their address.
          firstName: result.name?.first ?? submission.firstName.trim(),
          lastName: result.name?.last ?? submission.lastName.trim(),
          language,
          offerTitle: (await repository.candidateTitle(companyId, result.applicationId)) ?? pickText(offer.information.title, language, offer.language),
          offerUrl: offer.url.canonical,
        };
        // The application is saved: a mail failure must not turn it into an error for the candidate.
        await notifyCandidate(notice).catch((error: unknown) => deps.log?.error({ err: error }, 'confirmation mail failed'));
      }
      // Never the candidate id: it would tell anyone whether this e-mail applied here before (issue 24, M1).
      return { applicationId: result.applicationId, created: result.created, ...extra };
    },
  };
}

/**
 * The notice the candidate consented to: the one the form says it showed, which must be one of
 * the company's current notices (edited since the page opened: the form asks to read it again,
 * its draft kept). A form that names none (older widgets) gets the notice the same rule shows in
 * the application's language, never blindly the offer's.
 */
export function consentedNotice(notices: readonly PrivacyNotice[], shown: ShownPrivacyNotice | undefined, preferred: readonly Locale[]): PrivacyNotice {
  const notice = shown ? notices.find((candidate) => candidate.language === shown.language && candidate.version === shown.version) : pickPrivacyNotice(notices, preferred);
  if (!notice) throw new FieldsError({ gdprConsent: 'apply.privacyNoticeChanged' });
  return notice;
}

/**
 * What identifies a submission's content: the validated form without its submission id (a retry
 * may carry the key in the header and a fresh id in the body). valibot's output keeps the
 * schema's key order, so equal forms serialise equally.
 */
function submissionFingerprint(submission: ApplicationSubmission): string {
  const { submissionId: _id, ...form } = submission;
  return createHash('sha256').update(JSON.stringify(form)).digest('hex');
}

/** The first and last name stored on the candidate (spec §3 `personal.name`). */
function storedName(data: Record<string, unknown>): { first: string; last: string } | undefined {
  const name = (data.personal as { name?: { first?: unknown; last?: unknown } } | undefined)?.name;
  return typeof name?.first === 'string' && typeof name.last === 'string' ? { first: name.first, last: name.last } : undefined;
}

/** The candidate record in the shape of spec §3. */
function candidateData(submission: ApplicationSubmission, email: string, referralCode: string | null): Record<string, unknown> {
  return {
    personal: {
      name: { first: submission.firstName.trim(), last: submission.lastName.trim() },
      email,
      nationality: submission.nationality,
      phone: submission.phone,
      birthDate: submission.birthDate,
      gender: submission.gender,
      address: submission.address,
    },
    expectedConditions: { salary: submission.salary ? Number(submission.salary) : null },
    profile: {
      capabilities: {
        drivingLicenses: submission.drivingLicenses,
        hasWorkPermit: submission.hasWorkPermit === '' ? null : submission.hasWorkPermit === 'yes',
      },
    },
    meta: { agentEmail: submission.agentEmail, companyReferralCode: referralCode ?? '' },
  };
}
