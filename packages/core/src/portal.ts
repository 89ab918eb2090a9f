import * as v from 'valibot';
import { AuthTokenSchema } from './auth';
import { timestampSchema } from './dates';
import { ObjectIdSchema } from './ids';
import type { Theme } from './theme';
import { isPersonName, PERSON_NAME_ERROR } from './person-name';

/**
 * The candidate portal and data rights (issue 12): what the portal pages send, what the
 * recruiter's dialogs send, shared by host and server so both judge input the same way.
 */

/** Removal links, pending-request sign-ins and appointment links: 256-bit random, base64url. */
export const PortalTokenSchema = AuthTokenSchema;

export const CandidateParamsSchema = v.object({ id: ObjectIdSchema });
export const CandidateRequestParamsSchema = v.object({ id: ObjectIdSchema, requestId: ObjectIdSchema });
export const RecruiterCandidateParamsSchema = v.object({ candidateId: ObjectIdSchema });
export const TokenParamsSchema = v.object({ token: PortalTokenSchema });

/** `POST /v2/candidates/{id}/consent`: renew (true) extends the consent; false withdraws it. */
export const ConsentBodySchema = v.object({ renew: v.boolean() });

const PersonalText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, 'errors.tooLong'));

/** The personal fields a candidate may correct themselves (the e-mail is their identity: not here). */
export const PersonalFieldsSchema = v.strictObject({
  firstName: v.optional(v.pipe(PersonalText(100), v.minLength(1, 'errors.required'), v.check(isPersonName, PERSON_NAME_ERROR))),
  lastName: v.optional(v.pipe(PersonalText(100), v.minLength(1, 'errors.required'), v.check(isPersonName, PERSON_NAME_ERROR))),
  phone: v.optional(v.pipe(PersonalText(40), v.regex(/^[0-9+()./ -]*$/, 'errors.phone'))),
});
export type PersonalFields = v.InferOutput<typeof PersonalFieldsSchema>;

export const PENDING_REQUEST_KINDS = ['step', 'appointment', 'document'] as const;
export type PendingRequestKind = (typeof PENDING_REQUEST_KINDS)[number];

/** `POST /v2/recruiter/candidates/{candidateId}/requests`. */
export const PendingRequestBodySchema = v.object({
  applicationId: ObjectIdSchema,
  kind: v.picklist(PENDING_REQUEST_KINDS),
  message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'errors.tooLong')), ''),
});
export type PendingRequestBody = v.InferOutput<typeof PendingRequestBodySchema>;

export const APPOINTMENT_MAX_SLOTS = 10;
/** An IANA zone name as Intl knows it ("Europe/Luxembourg"); anything else is refused. */
export const TimeZoneSchema = v.pipe(
  v.string(),
  v.maxLength(64),
  v.check((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'errors.timeZone'),
);
const SlotSchema = timestampSchema();

/**
 * A video call link (issue 24, L1): one line of https, nothing else. The URL parser alone would
 * accept (and silently drop) tabs and line breaks, which then went into the calendar file as lines of
 * their own; no whitespace or control character may appear at all.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const SINGLE_LINE_HTTPS = /^https:\/\/[^\s\u0000-\u001F\u007F\u0085\u2028\u2029]+$/i;
export const VideoUrlSchema = v.pipe(v.string(), v.trim(), v.maxLength(500), v.regex(SINGLE_LINE_HTTPS, 'errors.url'), v.url('errors.url'));

/** `POST /v2/recruiter/candidates/{candidateId}/appointments`: the slots the candidate may pick from. */
export const AppointmentOfferBodySchema = v.object({
  applicationId: ObjectIdSchema,
  durationMinutes: v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(480)),
  location: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(300, 'errors.tooLong')), ''),
  videoUrl: v.optional(v.union([v.literal(''), VideoUrlSchema]), ''),
  slots: v.pipe(
    v.array(SlotSchema),
    v.minLength(1, 'errors.required'),
    v.maxLength(APPOINTMENT_MAX_SLOTS),
    v.check((slots) => new Set(slots.map((slot) => new Date(slot).getTime())).size === slots.length, 'errors.slotsUnique'),
  ),
  /** The recruiter's zone, for the mails until the candidate's own is known. */
  timeZone: v.optional(TimeZoneSchema, 'UTC'),
});
export type AppointmentOfferBody = v.InferOutput<typeof AppointmentOfferBodySchema>;

/** `POST /v2/appointments/{token}/book`: one of the offered slots, and where the candidate is. */
export const AppointmentBookBodySchema = v.object({ slot: SlotSchema, timeZone: v.optional(TimeZoneSchema, 'UTC') });

export const APPOINTMENT_STATUSES = ['OFFERED', 'BOOKED', 'CANCELLED'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** How an application looks to its candidate: never the recruiter's internal stage. */
export const CANDIDATE_APPLICATION_STATUSES = ['submitted', 'inProgress', 'closed', 'withdrawn'] as const;
export type CandidateApplicationStatus = (typeof CANDIDATE_APPLICATION_STATUSES)[number];

export interface CandidateApplication {
  _id: string;
  openingTitle: string;
  companyName: string;
  appliedAt: string;
  status: CandidateApplicationStatus;
  /** Steps of the flow still to do. */
  stepsToDo: number;
}

export interface CandidateConsent {
  givenAt: string | null;
  expiresAt: string | null;
  expired: boolean;
  /** Months a renewal adds (the company's setting). */
  months: number;
}

export interface CandidateRecord {
  _id: string;
  companyName: string;
  personal: { firstName: string; lastName: string; email: string; phone: string };
  applications: CandidateApplication[];
  consent: CandidateConsent;
  /** The company's theme (logo, colours), as its board shows it. */
  theme?: Theme;
}

export interface PendingRequest {
  _id: string;
  kind: PendingRequestKind;
  message: string;
  applicationId: string;
  openingTitle: string;
  createdAt: string;
}

/** What the self-booking page shows. */
export interface AppointmentView {
  status: AppointmentStatus;
  durationMinutes: number;
  location: string;
  videoUrl: string;
  slots: string[];
  chosen: string | null;
  openingTitle: string;
  companyName: string;
  language: string;
}

/** The signed-in applicant's records, one per company (`GET /v2/applicants/candidatures`). */
export interface Candidature {
  candidateId: string;
  companyName: string;
  applications: number;
}
