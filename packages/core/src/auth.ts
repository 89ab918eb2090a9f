import * as v from 'valibot';
import { LOCALES } from './constants';
import { ERROR_KEYS } from './errors';
import { ObjectIdSchema } from './ids';
import { PersonNameSchema } from './text-checks';
import { COMPANY_ROLES, ROLES } from './roles';

/** Shortest password accepted when one is set (reset, invitation); sign-in checks none. */
export const PASSWORD_MIN_LENGTH = 10;
/** Longer inputs are refused before hashing: scrypt time must not depend on an attacker's megabytes. */
export const PASSWORD_MAX_LENGTH = 1024;
export const SESSION_COOKIE = 'rec_session';
/** The cookie name over https: the `__Host-` prefix pins it to our host, Path=/ and Secure. */
export const SECURE_SESSION_COOKIE = '__Host-rec_session';

const EmailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email('errors.badRequest'));
/** A password being set: the length rule answers its own key (errors.passwordTooShort). */
const NewPasswordSchema = v.pipe(
  v.string(),
  v.minLength(PASSWORD_MIN_LENGTH, ERROR_KEYS.passwordTooShort),
  v.maxLength(PASSWORD_MAX_LENGTH),
);
/** Magic-link, reset and invitation tokens: base64url, 43 characters for 256 bits (a little slack both ways). */
export const AuthTokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,200}$/));

export const SignInBodySchema = v.object({
  email: EmailSchema,
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
});
export type SignInBody = v.InferOutput<typeof SignInBodySchema>;

/** `POST /auth/magic-link` and `POST /auth/password/recover`. */
export const EmailBodySchema = v.object({ email: EmailSchema });
export type EmailBody = v.InferOutput<typeof EmailBodySchema>;

export const TokenBodySchema = v.object({ token: AuthTokenSchema });
export type TokenBody = v.InferOutput<typeof TokenBodySchema>;

export const ResetPasswordBodySchema = v.object({ token: AuthTokenSchema, password: NewPasswordSchema });
export type ResetPasswordBody = v.InferOutput<typeof ResetPasswordBodySchema>;

export const InvitationParamsSchema = v.object({ invitationLink: AuthTokenSchema });
export type InvitationParams = v.InferOutput<typeof InvitationParamsSchema>;

export const AcceptInvitationBodySchema = v.object({
  invitationLink: AuthTokenSchema,
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  password: NewPasswordSchema,
});
export type AcceptInvitationBody = v.InferOutput<typeof AcceptInvitationBodySchema>;

/** `POST /auth/invitations/link`: an invited e-mail that already has an account joins with that account's password. */
export const LinkInvitationBodySchema = v.object({
  invitationLink: AuthTokenSchema,
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
});
export type LinkInvitationBody = v.InferOutput<typeof LinkInvitationBodySchema>;

export const TenantParamsSchema = v.object({ tenantId: ObjectIdSchema });
export type TenantParams = v.InferOutput<typeof TenantParamsSchema>;

export const IdParamsSchema = v.object({ id: ObjectIdSchema });
export type IdParams = v.InferOutput<typeof IdParamsSchema>;

/** Notification switches of a recruiter, by name. */
export const NotificationSettingsSchema = v.pipe(
  v.record(v.pipe(v.string(), v.regex(/^[A-Za-z][\w.-]{0,63}$/)), v.boolean()),
  v.check((value) => Object.keys(value).length <= 50),
);

export const RecruiterSettingsPatchSchema = v.strictObject({
  language: v.optional(v.picklist(LOCALES)),
  /** An https (or same-site relative) image URL, or null to remove the picture. */
  profilePictureUrl: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2048), v.regex(/^(?:https:\/\/|\/(?!\/))\S*$/)))),
  notifications: v.optional(NotificationSettingsSchema),
});
export type RecruiterSettingsPatch = v.InferOutput<typeof RecruiterSettingsPatchSchema>;

const SELECT_KEY = /^select(?:\[\d{0,3}\])?$/;
const SelectFieldSchema = v.pipe(v.string(), v.regex(/^[A-Za-z_][\w]{0,49}(?:\.[A-Za-z_][\w]{0,49}){0,2}$/));

/**
 * The `select` query of the recruiter and company reads, in any of the forms clients send:
 * `select[]=a&select[]=b` (bracket notation, the api-client's), `select[0]=a`, `select=a,b` or
 * repeated `select=a`. Other keys are ignored. Output: the field paths, or undefined for "all".
 */
export const SelectQuerySchema = v.pipe(
  v.record(v.string(), v.union([v.string(), v.array(v.string())])),
  v.transform((query): string[] | undefined => {
    const values = Object.entries(query)
      .filter(([key]) => SELECT_KEY.test(key))
      .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean);
    return values.length ? [...new Set(values)] : undefined;
  }),
  v.optional(v.pipe(v.array(SelectFieldSchema), v.maxLength(50))),
);
export type SelectQuery = v.InferOutput<typeof SelectQuerySchema>;

// --- Answers ----------------------------------------------------------------------------------

export const SessionUserSchema = v.object({ type: v.picklist(ROLES), tenantId: v.nullable(ObjectIdSchema) });
export type SessionUser = v.InferOutput<typeof SessionUserSchema>;

/** `GET /auth/session-v2`. */
export const SessionSchema = v.object({ baseIdentity: v.object({ localUserId: ObjectIdSchema }), user: SessionUserSchema });
export type Session = v.InferOutput<typeof SessionSchema>;

/** `POST /auth/password/sign-in` and `POST /auth/invitations/accept`. */
export const SignInResultSchema = v.object({ user: SessionUserSchema, redirectTo: v.string() });
export type SignInResult = v.InferOutput<typeof SignInResultSchema>;

export const TenantSchema = v.object({ id: ObjectIdSchema, name: v.string(), requestAuthUrl: v.string() });
export type Tenant = v.InferOutput<typeof TenantSchema>;

export const InvitationInfoSchema = v.object({ redirectTo: v.string(), email: v.string(), companyName: v.string() });
export type InvitationInfo = v.InferOutput<typeof InvitationInfoSchema>;

export const RecruiterSettingsSchema = v.object({
  language: v.picklist(LOCALES),
  profilePictureUrl: v.nullable(v.string()),
  /** The uploaded picture, inline (spec §3: type and base64); beats profilePictureUrl when set. */
  profilePicture: v.optional(v.nullable(v.object({ type: v.string(), base64: v.string() }))),
  notifications: v.optional(v.record(v.string(), v.boolean())),
});
export type RecruiterSettings = v.InferOutput<typeof RecruiterSettingsSchema>;

/** `GET /v2/recruiter/me` (all fields) and `/v2/recruiters/{id}` (without notifications and pending actions). */
export const RecruiterResourceSchema = v.object({
  _id: ObjectIdSchema,
  name: v.object({ first: v.nullable(v.string()), last: v.nullable(v.string()) }),
  fullName: v.string(),
  email: v.string(),
  role: v.optional(v.picklist(COMPANY_ROLES)),
  settings: RecruiterSettingsSchema,
  pendingActions: v.optional(v.array(v.unknown())),
});
export type RecruiterResource = v.InferOutput<typeof RecruiterResourceSchema>;

export const PermissionsResponseSchema = v.object({ role: v.picklist(COMPANY_ROLES), permissions: v.array(v.string()) });
export type PermissionsResponse = v.InferOutput<typeof PermissionsResponseSchema>;

export const CompanyResourceSchema = v.object({
  _id: ObjectIdSchema,
  name: v.string(),
  settings: v.object({
    language: v.picklist(LOCALES),
    logos: v.array(v.unknown()),
    /** The languages the company wrote its privacy notice in (the posting wizard warns about the others, issue 25). */
    privacyNoticeLanguages: v.array(v.picklist(LOCALES)),
  }),
});
export type CompanyResource = v.InferOutput<typeof CompanyResourceSchema>;

/** Spec §3: the full name is empty unless both parts exist. */
export function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return first?.trim() && last?.trim() ? `${first.trim()} ${last.trim()}` : '';
}
