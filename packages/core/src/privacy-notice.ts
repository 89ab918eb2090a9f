import * as v from 'valibot';
import type { Locale } from './constants';
import { LocaleSchema } from './localized-text';

/**
 * The privacy notice a candidate consents to when applying (GDPR): one per language, each with a
 * version that names its exact text (the server derives it from the text). The apply form says
 * which one it showed; the server stores that one's text, language and version (issue 25).
 */
export const PrivacyNoticeSchema = /* @__PURE__ */ v.object({
  language: LocaleSchema,
  version: v.string(),
  text: v.string(),
});
export type PrivacyNotice = v.InferOutput<typeof PrivacyNoticeSchema>;

/** Which notice the apply form showed, as it sends it with the application. */
export const ShownPrivacyNoticeSchema = /* @__PURE__ */ v.object({
  language: LocaleSchema,
  version: v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/, 'errors.badRequest')),
});
export type ShownPrivacyNotice = v.InferOutput<typeof ShownPrivacyNoticeSchema>;

/**
 * The notice to show: the first preferred language that has one (the page's language, then the
 * offer's), else the first notice (the company's default language comes first). One rule for the
 * form that shows it and the server that checks what an older form sent.
 */
export function pickPrivacyNotice<T extends { language: Locale }>(notices: readonly T[], preferred: readonly (Locale | undefined)[]): T | undefined {
  for (const language of preferred) {
    const notice = language && notices.find((candidate) => candidate.language === language);
    if (notice) return notice;
  }
  return notices[0];
}
