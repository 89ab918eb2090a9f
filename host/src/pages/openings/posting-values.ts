import { POSTING_CHANNEL_KINDS, type PostingChannelKind, type PostingInput, type PostingResource } from '@rec/api-client';
import { isLocale, LOCALES, pickPrivacyNotice, toLocale } from '@rec/core';
import { type Rule, validateForm } from '@rec/core/form-rules';
import { checkSalary, type SalaryDraft, salaryDraftOf } from './SalaryFields';

// The posting wizard's values: what a posting says per language, its rules, and the conversions
// from a stored posting and to the API's input (plain functions: openings-forms.test.ts and
// salary-fields.test.ts check them).

/** What a posting says in one language. */
export type PostingContentValues = { title: string; description: string; location: string; contract: string };

export type PostingValues = {
  /** The posting's own language (the offer falls back to it). */
  language: string;
  /** The languages it is written in, in tab order; the own language is always among them. */
  languages: string[];
  contents: Record<string, PostingContentValues>;
  channels: PostingChannelKind[];
  /** The pay range as typed (issue 17); a new posting starts from the opening's. */
  salary?: SalaryDraft;
};

export const POSTING_RULES: Readonly<Record<keyof PostingContentValues, readonly Rule[]>> = {
  title: [{ name: 'required' }, { name: 'max', length: 160 }],
  description: [{ name: 'required' }, { name: 'max', length: 20_000 }],
  location: [{ name: 'max', length: 160 }],
  contract: [{ name: 'max', length: 80 }],
};

export const EMPTY_CONTENT: PostingContentValues = { title: '', description: '', location: '', contract: '' };

export function contentOf(values: PostingValues, language: string): PostingContentValues {
  return values.contents[language] ?? EMPTY_CONTENT;
}

/** The failed rules of each language's content (languages without failures left out). */
export type PostingFailures = Record<string, Partial<Record<keyof PostingContentValues, Rule>>>;

export function postingFailures(values: PostingValues): PostingFailures {
  const failures: PostingFailures = {};
  for (const language of values.languages) {
    const found = validateForm(POSTING_RULES, contentOf(values, language));
    if (Object.keys(found).length) failures[language] = found;
  }
  return failures;
}

export function postingInput(values: PostingValues): PostingInput {
  const contents: PostingInput['contents'] = {};
  for (const language of values.languages) {
    const source = contentOf(values, language);
    const content: PostingInput['contents'][string] = { title: source.title.trim(), description: source.description.trim() };
    if (source.location.trim()) content.location = source.location.trim();
    if (source.contract.trim()) content.contract = source.contract.trim();
    contents[language] = content;
  }
  const salary = values.salary ? checkSalary(values.salary).salary : undefined;
  return { language: values.language, contents, channels: values.channels, ...(salary !== undefined ? { salary } : {}) };
}

export function valuesOfPosting(posting: PostingResource): PostingValues {
  // The own language first, then the others in the order of LOCALES.
  const languages = [posting.language, ...LOCALES.filter((code) => code !== posting.language && posting.contents[code])];
  const contents: Record<string, PostingContentValues> = {};
  for (const language of languages) {
    const content = posting.contents[language as keyof typeof posting.contents];
    contents[language] = { title: content?.title ?? '', description: content?.description ?? '', location: content?.location ?? '', contract: content?.contract ?? '' };
  }
  return {
    language: posting.language,
    languages,
    contents,
    channels: POSTING_CHANNEL_KINDS.filter((kind) => posting.channels.some((channel) => channel.kind === kind)),
    salary: salaryDraftOf(posting.salary),
  };
}

/**
 * The posting's languages the company wrote no privacy notice in, and the notice candidates there
 * consent under instead (the apply form's rule: the posting's own language, else the company's
 * first); `needsConfirm` when one of them is new (already published ones were confirmed before).
 */
export function missingNotices(values: PostingValues, saved: readonly string[], noticeLanguages: readonly string[] | undefined) {
  if (!noticeLanguages) return { missing: [], fallback: undefined, needsConfirm: false };
  const missing = values.languages.filter((language) => !noticeLanguages.includes(language));
  const fallback = pickPrivacyNotice(
    noticeLanguages.filter(isLocale).map((language) => ({ language })),
    [toLocale(values.language)],
  )?.language;
  return { missing, fallback, needsConfirm: missing.some((language) => !saved.includes(language)) };
}
