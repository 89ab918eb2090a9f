import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';
import { LOCALES } from './constants';
import { ERROR_KEYS } from './errors';
import { daySchema } from './dates';
import { ObjectIdSchema } from './ids';
import { COMPANY_ROLES } from './roles';
import { PersonNameSchema, plainText } from './text-checks';

/**
 * Issue 13: team, account, security and admin requests and answers, shared by the host's forms
 * and the server's validation.
 */

const EmailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email(ERROR_KEYS.badRequest));

/** `POST /v2/team/invitations`. */
export const TeamInviteBodySchema = v.object({ email: EmailSchema, role: v.picklist(COMPANY_ROLES) });
export type TeamInviteBody = v.InferOutput<typeof TeamInviteBodySchema>;

/** `PATCH /v2/team/members/:id`. */
export const TeamRoleBodySchema = v.object({ role: v.picklist(COMPANY_ROLES) });
export type TeamRoleBody = v.InferOutput<typeof TeamRoleBodySchema>;

export const TeamMemberSchema = v.object({
  _id: ObjectIdSchema,
  email: v.string(),
  fullName: v.string(),
  role: v.picklist(COMPANY_ROLES),
  /** ISO time of the last request of any of their sessions; null when never signed in. */
  lastSignInAt: v.nullable(v.string()),
  you: v.boolean(),
});
export type TeamMember = v.InferOutput<typeof TeamMemberSchema>;

export const TeamInvitationSchema = v.object({
  _id: ObjectIdSchema,
  email: v.string(),
  role: v.picklist(COMPANY_ROLES),
  createdAt: v.string(),
  expiresAt: v.string(),
  expired: v.boolean(),
});
export type TeamInvitation = v.InferOutput<typeof TeamInvitationSchema>;

/** `GET /v2/team`. */
export const TeamSchema = v.object({ members: v.array(TeamMemberSchema), invitations: v.array(TeamInvitationSchema) });
export type Team = v.InferOutput<typeof TeamSchema>;

/** `PATCH /v2/recruiter/me/name`: the full name is derived from both parts (spec §3). */
export const AccountNameBodySchema = v.object({ firstName: PersonNameSchema, lastName: PersonNameSchema });
export type AccountNameBody = v.InferOutput<typeof AccountNameBodySchema>;

/** A profile picture is stored inline (spec §3: type and base64), cropped square by the client. */
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Decoded bytes at most: a 512 px square JPEG or WebP fits easily, and /me stays small. */
export const PROFILE_PICTURE_MAX_BYTES = 200 * 1024;
export const ProfilePictureBodySchema = v.object({
  type: v.picklist(PROFILE_PICTURE_TYPES, ERROR_KEYS.unsupportedMediaType),
  base64: v.pipe(
    v.string(),
    v.maxLength(Math.ceil(PROFILE_PICTURE_MAX_BYTES / 3) * 4, ERROR_KEYS.payloadTooLarge),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, ERROR_KEYS.badRequest),
  ),
});
export type ProfilePictureBody = v.InferOutput<typeof ProfilePictureBodySchema>;

/**
 * `POST /v2/recruiter/me/password`: spec §5's rules `confirmed` (the repetition equals the new
 * password) and `differentPasswords` (the new one differs from the current one), with their keys.
 */
export const PasswordRotateBodySchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
    password: v.pipe(v.string(), v.minLength(PASSWORD_MIN_LENGTH, ERROR_KEYS.passwordTooShort), v.maxLength(PASSWORD_MAX_LENGTH)),
    passwordConfirmation: v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH)),
  }),
  v.check((body) => body.password === body.passwordConfirmation, ERROR_KEYS.confirmed),
  v.check((body) => body.password !== body.currentPassword, ERROR_KEYS.differentPasswords),
);
export type PasswordRotateBody = v.InferOutput<typeof PasswordRotateBodySchema>;

/** One of the recruiter's live sessions (`GET /v2/recruiter/me/sessions`). */
export const AccountSessionSchema = v.object({
  _id: v.string(),
  device: v.nullable(v.string()),
  createdAt: v.string(),
  lastSeenAt: v.string(),
  current: v.boolean(),
});
export type AccountSession = v.InferOutput<typeof AccountSessionSchema>;

export const SessionIdParamsSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/)) });
export type SessionIdParams = v.InferOutput<typeof SessionIdParamsSchema>;

export const InvitationIdParamsSchema = v.object({ id: ObjectIdSchema });
export type InvitationIdParams = v.InferOutput<typeof InvitationIdParamsSchema>;

// --- admin ---

/** `POST /v2/admin/companies`: a company and the invitation of its first owner. */
export const AdminCompanyBodySchema = v.object({
  name: v.pipe(v.string(), plainText(), v.trim(), v.minLength(1), v.maxLength(120)),
  language: v.picklist(LOCALES),
  ownerEmail: EmailSchema,
});
export type AdminCompanyBody = v.InferOutput<typeof AdminCompanyBodySchema>;

export const AdminCompanyParamsSchema = v.object({ companyId: ObjectIdSchema });
export type AdminCompanyParams = v.InferOutput<typeof AdminCompanyParamsSchema>;

const DayStringSchema = daySchema();
/** `GET /v2/admin/audit-log`: filters by action, company and day range (inclusive, UTC), newest first. */
export const AuditLogQuerySchema = v.object({
  // Actions are dotted camelCase words (`account.twoFactor.enrol`, `candidate.dataRemoval`).
  action: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-zA-Z.]{0,79}$/))),
  companyId: v.optional(ObjectIdSchema),
  from: v.optional(DayStringSchema),
  to: v.optional(DayStringSchema),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,4}$/), v.transform(Number))),
});
export type AuditLogQuery = v.InferOutput<typeof AuditLogQuerySchema>;

export const AuditLogEntrySchema = v.object({
  _id: v.string(),
  action: v.string(),
  /** Null for a platform entry: an admin's own account action (no company). */
  companyId: v.nullable(v.string()),
  companyName: v.nullable(v.string()),
  actorId: v.string(),
  actorEmail: v.nullable(v.string()),
  details: v.record(v.string(), v.unknown()),
  createdAt: v.string(),
});
export type AuditLogEntry = v.InferOutput<typeof AuditLogEntrySchema>;

/** `pendingActions` of `GET /v2/recruiter/me`: what waits for the recruiter. */
export type PendingAction =
  | { type: 'INVITATION'; invitationId: string; companyName: string; expiresAt: string }
  | { type: 'CONSENT_RENEWALS'; count: number }
  | { type: 'NOTE_MENTION'; noteId: string; candidateId: string };
