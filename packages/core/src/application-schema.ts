import * as v from 'valibot';
import { APPLICATION_FIELDS, type ApplicationFieldName, COVER_LETTER_MAX, DRIVING_LICENSES, WORK_PERMIT_ANSWERS } from './application';
import { NONE_CHOICE } from './choices';
import { REFERRAL_CODE } from './ids';
import { LocaleSchema } from './localized-text';
import { firstFailingRule, type Rule, ruleMessage } from './form-rules';
import { ObjectIdSchema } from './ids';
import { hasControlCharacters } from './plain-text';
import { ShownPrivacyNoticeSchema } from './privacy-notice';
import { plainText } from './text-checks';
import { ERROR_KEYS } from './errors';
import { cleanReferrer, cleanSourceText, SOURCE_REFERRER_MAX, SOURCE_TEXT_MAX } from './application-source';

/**
 * The valibot schemas of the apply flow, built from the field rules of application.ts: the
 * server validates requests with them; the form runs the same rules through the rule engine
 * (so the form's chunk does not carry valibot).
 */

/** A string field checked by the rule engine: the issue message is the failing rule's key. */
function ruled(rules: readonly Rule[], maxLength = 1000) {
  return v.pipe(
    v.optional(v.string('errors.badRequest'), ''),
    v.maxLength(maxLength, 'errors.max'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      // Checked here rather than in the rule engine: the widget's form chunk stays within its budget,
      // and the server's field error names the field all the same.
      if (hasControlCharacters(dataset.value)) return addIssue({ message: ERROR_KEYS.controlCharacters });
      const failed = firstFailingRule(rules, dataset.value);
      if (failed) addIssue({ message: ruleMessage(failed).key });
    }),
  );
}

const rulesOf = (name: ApplicationFieldName) => APPLICATION_FIELDS.find((field) => field.name === name)?.rules ?? [];

/** A reference to an uploaded file, as `POST /v2/storage` answered it. */
export const UploadReferenceSchema = /* @__PURE__ */ v.object({
  url: v.pipe(v.string(), v.regex(/^\/v2\/storage\/[0-9a-f]{24}$/, 'offerPage.uploadMissing')),
  name: v.pipe(v.string(), plainText(), v.maxLength(255)),
});
export type UploadReference = v.InferOutput<typeof UploadReferenceSchema>;

/** A campaign value exactly as the widgets clean it (application-source.ts): anything else is a client bug or forged. */
const SourceTextSchema = v.pipe(
  v.string('errors.badRequest'),
  v.maxLength(SOURCE_TEXT_MAX, 'errors.max'),
  v.check((value) => cleanSourceText(value) === value, 'errors.badRequest'),
);

/** Where the visitor came from (issue 30): the link's campaign and the referring page (origin and path). */
export const ApplicationSourceSchema = /* @__PURE__ */ v.strictObject(
  {
    utmSource: v.optional(SourceTextSchema),
    utmMedium: v.optional(SourceTextSchema),
    utmCampaign: v.optional(SourceTextSchema),
    referrer: v.optional(
      v.pipe(
        v.string('errors.badRequest'),
        v.maxLength(SOURCE_REFERRER_MAX, 'errors.max'),
        v.check((value) => cleanReferrer(value) === value, 'errors.badRequest'),
      ),
    ),
  },
  'errors.badRequest',
);

/**
 * Body of `POST /v2/offers/channel/{channelId}/applications`: the same schema validates the form
 * before submit and the request on the server. Issue messages are translation keys.
 */
export const ApplicationSubmissionSchema = /* @__PURE__ */ v.object({
  /** Client-generated, so a retried submit is recognised (the Idempotency-Key header wins when sent). */
  submissionId: v.pipe(v.string('errors.required'), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'errors.regex')),
  language: v.optional(LocaleSchema),
  firstName: ruled(rulesOf('firstName')),
  lastName: ruled(rulesOf('lastName')),
  email: ruled(rulesOf('email')),
  nationality: ruled(rulesOf('nationality')),
  phone: ruled(rulesOf('phone')),
  birthDate: ruled(rulesOf('birthDate')),
  gender: ruled(rulesOf('gender')),
  address: ruled(rulesOf('address')),
  salary: ruled(rulesOf('salary')),
  // "none" is the truthful answer of a candidate without a licence: alone, never with a licence.
  drivingLicenses: v.optional(
    v.pipe(
      v.array(v.picklist([...DRIVING_LICENSES, NONE_CHOICE], 'errors.not_one_of'), 'errors.badRequest'),
      v.maxLength(DRIVING_LICENSES.length),
      v.check((list) => !list.includes(NONE_CHOICE) || list.length === 1, 'errors.not_one_of'),
    ),
    [],
  ),
  hasWorkPermit: v.optional(v.picklist(['', ...WORK_PERMIT_ANSWERS], 'errors.not_one_of'), ''),
  agentEmail: ruled([{ name: 'email' }, { name: 'max', length: 254 }]),
  companyReferralCode: ruled([{ name: 'regex', pattern: REFERRAL_CODE }]),
  coverLetter: ruled(rulesOf('coverLetter'), COVER_LETTER_MAX),
  profileUrl: ruled(rulesOf('profileUrl')),
  /** Whether a CV or a cover letter file must come is the opening's apply form configuration. */
  cv: v.optional(v.object(UploadReferenceSchema.entries, 'errors.badRequest')),
  coverLetterFile: v.optional(v.object(UploadReferenceSchema.entries, 'errors.badRequest')),
  gdprConsent: v.literal(true, 'errors.required'),
  /** The privacy notice the form showed above the consent box: its text is what is stored (issue 25). */
  privacyNotice: v.optional(ShownPrivacyNoticeSchema),
  source: v.optional(ApplicationSourceSchema),
});
export type ApplicationSubmission = v.InferOutput<typeof ApplicationSubmissionSchema>;
export type ApplicationSubmissionInput = v.InferInput<typeof ApplicationSubmissionSchema>;

/** Field -> translation key of its first issue (top-level field names; nested issues name their field). */
export function submissionIssues(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path?.[0]?.key ?? '_');
    if (fields[field]) continue;
    // A missing key reports the parent's message: it is a missing value.
    fields[field] = issue.input === undefined ? 'errors.required' : /^(errors|offerPage)\.[\w.]+$/.test(issue.message) ? issue.message : 'errors.badRequest';
  }
  return fields;
}

/** `POST /v2/referrals` body (spec: an employee asks for a personal referral link). */
export const ReferralRequestSchema = /* @__PURE__ */ v.object({
  companyId: ObjectIdSchema,
  name: ruled([{ name: 'required' }, { name: 'max', length: 120 }]),
  email: ruled([{ name: 'required' }, { name: 'email' }, { name: 'max', length: 254 }]),
  channelId: v.optional(ObjectIdSchema),
});
export type ReferralRequest = v.InferOutput<typeof ReferralRequestSchema>;
export const ShareSlugSchema = /* @__PURE__ */ v.pipe(v.string(), v.regex(/^[a-z0-9-]{3,64}$/));
