import { createPosting, fetchPostings, isApiError, POSTING_CHANNEL_KINDS, type PostingChannelKind, type PostingInput, type PostingResource, updatePosting } from '@rec/api-client';
import { isLocale, LOCALES, PERMISSIONS, pickPrivacyNotice, toLocale } from '@rec/core';
import { type Rule, validateForm } from '@rec/core/form-rules';
import { $company, $opening, can, loadOpening, showErrorToast, showToast } from '@rec/stores';
import { Button, Loading, TextField } from '@rec/ui';
import { atom } from 'nanostores';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { DescriptionField, descriptionText, languageName, Notice, SelectField, useRuleText, WizardSteps } from './shared';
import { contractLabel, contractOptions } from './contract-options';
import { checkSalary, type SalaryDraft, SalaryFields, salaryDraftOf, salaryReview } from './SalaryFields';

/** The posting wizard's steps (the {slug} of postings/create/{slug} and postings/{id}/edit/{slug}). */
export const POSTING_WIZARD_STEPS = ['content', 'channels', 'review'] as const;
export type PostingWizardStep = (typeof POSTING_WIZARD_STEPS)[number];

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

const EMPTY_CONTENT: PostingContentValues = { title: '', description: '', location: '', contract: '' };

/** The draft of the wizard, kept between its steps (key: opening id + posting id or 'new'). */
const $postingDraft = atom<{ key: string; values: PostingValues; saved: string[] } | null>(null);

export function contentOf(values: PostingValues, language: string): PostingContentValues {
  return values.contents[language] ?? EMPTY_CONTENT;
}

/** The failed rules of each language's content (languages without failures left out). */
export function postingFailures(values: PostingValues): Record<string, Partial<Record<keyof PostingContentValues, Rule>>> {
  const failures: Record<string, Partial<Record<keyof PostingContentValues, Rule>>> = {};
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

interface Props {
  openingId: string;
  postingId?: string | undefined;
  slug?: string | undefined;
}

/** Create (postings/create/{content|channels|review}) and edit (postings/{id}/edit/{step}) of a posting. */
export function PostingWizardPage({ openingId, postingId, slug }: Props) {
  const t = useT();
  const opening = useStore($opening);
  const company = useStore($company);
  const draft = useStore($postingDraft);
  const [noticeConfirmed, setNoticeConfirmed] = useState(false);
  const [noticeError, setNoticeError] = useState(false);
  const id = useId();
  const ruleText = useRuleText();
  const key = `${openingId}:${postingId ?? 'new'}`;
  const base = postingId ? `/recruiter/openings/${openingId}/postings/${postingId}/edit` : `/recruiter/openings/${openingId}/postings/create`;
  const step: PostingWizardStep | null = (POSTING_WIZARD_STEPS as readonly string[]).includes(slug ?? '') ? (slug as PostingWizardStep) : null;
  const [failures, setFailures] = useState<ReturnType<typeof postingFailures>>({});
  const [channelsError, setChannelsError] = useState(false);
  const [salaryChecked, setSalaryChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>(null);
  const [focusField, setFocusField] = useState<string | null>(null);
  const title = opening?.title ?? '';
  const heading = postingId ? t('openings.wizard.postingEditTitle', { title }) : t('openings.wizard.postingCreateTitle', { title });
  useTitle(heading);
  const locale = $locale.get();

  // Set once saved: the draft is gone then, and that must not send us back to step one.
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    if (!step || (step !== 'content' && draft?.key !== key)) navigate(`${base}/content`, { replace: true });
  }, [step, draft, key, base]);

  useEffect(() => {
    if (done.current || draft?.key === key) return;
    if (!postingId) {
      const language = opening?.language ?? locale;
      $postingDraft.set({
        key,
        saved: [],
        values: {
          language,
          languages: [language],
          contents: { [language]: { title: opening?.title ?? '', description: opening?.description ?? '', location: opening?.location ?? '', contract: opening?.contract ?? '' } },
          channels: ['BOARD'],
          salary: salaryDraftOf(opening?.salary),
        },
      });
      return;
    }
    let live = true;
    fetchPostings(api, openingId).then(
      (postings) => {
        if (!live) return;
        const posting = postings.find((item) => item._id === postingId);
        if (posting) {
          const values = valuesOfPosting(posting);
          $postingDraft.set({ key, values, saved: values.languages });
        } else setFailed('openings.posting.notFound');
      },
      (error) => live && setFailed(isApiError(error) ? error.key : 'genericErrorTitle'),
    );
    return () => {
      live = false;
    };
  }, [draft, key, postingId, openingId, opening, locale]);

  // After a failed submit, the first invalid field of the language now shown gets the focus.
  useEffect(() => {
    if (!focusField) return;
    document.querySelector<HTMLElement>(`#${CSS.escape(`${id}-panel`)} [name="${focusField}"]`)?.focus();
    setFocusField(null);
  }, [focusField, id]);

  if (!opening) return <Loading label={t('openings.loading')} />;
  if (!can(PERMISSIONS.postingsCreate)) return <Notice title={heading}>{<p>{t('openings.notAllowed')}</p>}</Notice>;
  if (!postingId && opening.status !== 'PUBLISHED') return <Notice title={heading}>{<p>{t('openings.wizard.notPublished')}</p>}</Notice>;
  if (failed) return <Notice title={heading}>{<p role="alert">{t(failed)}</p>}</Notice>;
  if (!step || draft?.key !== key) return <Loading label={t('openings.loading')} />;
  const values = draft.values;
  const current = tab && values.languages.includes(tab) ? tab : values.language;
  const missing = (language: string) => Object.keys(validateForm({ title: POSTING_RULES.title, description: POSTING_RULES.description }, contentOf(values, language))).length > 0;

  const update = (next: PostingValues) => {
    $postingDraft.set({ ...draft, values: next });
    if (Object.keys(failures).length) setFailures(postingFailures(next));
  };
  const setContent = (language: string, patch: Partial<PostingContentValues>) =>
    update({ ...values, contents: { ...values.contents, [language]: { ...contentOf(values, language), ...patch } } });

  function addLanguage(language: string) {
    if (!language || values.languages.includes(language)) return;
    // A new language starts empty (its tab says what is missing); the place and contract are the recruiter's words, kept.
    const own = contentOf(values, values.language);
    update({ ...values, languages: [...values.languages, language], contents: { ...values.contents, [language]: { ...EMPTY_CONTENT, location: own.location, contract: own.contract } } });
    setTab(language);
    document.getElementById(`${id}-tab-${language}`)?.focus();
  }

  function removeLanguage(language: string) {
    const { [language]: _removed, ...contents } = values.contents;
    update({ ...values, languages: values.languages.filter((code) => code !== language), contents });
    setTab(values.language);
    document.getElementById(`${id}-tab-${values.language}`)?.focus();
  }

  function nextFromContent(event: FormEvent) {
    event.preventDefault();
    const found = postingFailures(values);
    setFailures(found);
    // The language shown first if it has failures, else the first one (in tab order) that has.
    const language = found[current] ? current : values.languages.find((code) => found[code]);
    if (language) {
      setTab(language);
      setFocusField(Object.keys(found[language] ?? {})[0] ?? null);
      return;
    }
    navigate(`${base}/channels`);
  }

  function nextFromChannels(event: FormEvent) {
    event.preventDefault();
    setSalaryChecked(true);
    const salaryErrors = values.salary ? checkSalary(values.salary).errors : undefined;
    if (salaryErrors) {
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[name="salary-${Object.keys(salaryErrors)[0]}"]`)?.focus();
      return;
    }
    if (!values.channels.length) {
      setChannelsError(true);
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>('input[name="channels"]')?.focus();
      return;
    }
    navigate(`${base}/review`);
  }

  const notices = missingNotices(values, draft.saved, company?.settings?.privacyNoticeLanguages);

  async function save() {
    if (notices.needsConfirm && !noticeConfirmed) {
      setNoticeError(true);
      document.getElementById(`${id}-notice-confirm`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const input = { ...postingInput(values), ...(noticeConfirmed ? { confirmMissingPrivacyNotice: true } : {}) };
      if (postingId) await updatePosting(api, openingId, postingId, input);
      else await createPosting(api, openingId, input);
      done.current = true;
      $postingDraft.set(null);
      // Where the opening is visible may have changed (a new channel).
      await loadOpening(api, openingId, { refresh: true }).catch(() => undefined);
      showToast({ tone: 'success', title: postingId ? 'openings.toast.postingSaved' : 'openings.toast.postingCreated' });
      navigate(`/recruiter/openings/${openingId}`);
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
      setSaving(false);
    }
  }

  // The tabs pattern: arrow keys, Home and End move between the languages (and show them).
  function tabKey(event: KeyboardEvent<HTMLDivElement>) {
    const at = values.languages.indexOf(current);
    const last = values.languages.length - 1;
    const moves: Record<string, number> = { ArrowRight: at + 1 > last ? 0 : at + 1, ArrowLeft: at - 1 < 0 ? last : at - 1, Home: 0, End: last };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const language = values.languages[target] ?? values.language;
    setTab(language);
    document.getElementById(`${id}-tab-${language}`)?.focus();
  }

  const steps = POSTING_WIZARD_STEPS.map((name) => ({ slug: name, label: t(`openings.wizard.steps.${name}`), href: name === 'content' || draft ? `${base}/${name}` : undefined }));
  const content = contentOf(values, current);
  const ruleOf = (field: keyof PostingContentValues) => failures[current]?.[field];
  const field = (name: keyof PostingContentValues) => ({ name, value: content[name], error: ruleText(ruleOf(name)) });
  const addable = LOCALES.filter((code) => !values.languages.includes(code));

  return (
    <section className="wizard" aria-labelledby="wizard-title">
      <p>
        <a href={`/recruiter/openings/${openingId}`}>{t('openings.other.back')}</a>
      </p>
      <h1 id="wizard-title">{heading}</h1>
      <WizardSteps steps={steps} current={step} label={t('openings.wizard.stepsLabel')} />
      <h2>{t(`openings.wizard.steps.${step}`)}</h2>
      {step === 'content' ? (
        <form className="wizard-form" onSubmit={nextFromContent} noValidate>
          <SelectField
            label={t('postingLanguages.ownLanguage')}
            name="language"
            value={values.language}
            hint={t('postingLanguages.ownLanguageHint')}
            onChange={(event) => {
              const language = event.target.value;
              // The own language is always written: choosing a new one adds its tab, empty (never the
              // previous language's text under the new language's name); place and contract are kept.
              const own = contentOf(values, values.language);
              const languages = values.languages.includes(language) ? values.languages : [...values.languages, language];
              const contents = values.contents[language] ? values.contents : { ...values.contents, [language]: { ...EMPTY_CONTENT, location: own.location, contract: own.contract } };
              update({ ...values, language, languages, contents });
              setTab(language);
            }}
            options={LOCALES.map((code) => ({ value: code, label: languageName(code, locale) }))}
          />
          <div className="language-tabs">
            <div className="language-tabs-bar">
              <div role="tablist" aria-label={t('postingLanguages.tabsLabel')} className="language-tablist" onKeyDown={tabKey}>
                {values.languages.map((language) => {
                  const selected = language === current;
                  const incomplete = missing(language);
                  return (
                    <button
                      key={language}
                      type="button"
                      role="tab"
                      id={`${id}-tab-${language}`}
                      aria-selected={selected}
                      aria-controls={`${id}-panel`}
                      tabIndex={selected ? 0 : -1}
                      className={`language-tab${incomplete ? ' language-tab-missing' : ''}`}
                      onClick={() => setTab(language)}
                    >
                      <span lang={language}>{languageName(language, locale)}</span>
                      {incomplete ? <span className="language-tab-flag">{t('postingLanguages.missing')}</span> : null}
                    </button>
                  );
                })}
              </div>
              {addable.length ? (
                <div className="language-add">
                  <label htmlFor={`${id}-add`}>{t('postingLanguages.add')}</label>
                  <select
                    id={`${id}-add`}
                    className="rec-input"
                    value=""
                    onChange={(event) => addLanguage(event.target.value)}
                  >
                    <option value="">{t('postingLanguages.addPlaceholder')}</option>
                    {addable.map((code) => (
                      <option key={code} value={code}>
                        {languageName(code, locale)}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
            </div>
            <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`} className="language-panel" lang={current}>
              {/* key: each language its own fields (and editor), so switching never mixes texts. */}
              <div key={current} className="language-fields">
                <TextField label={t('openings.fields.title')} {...field('title')} onChange={(event) => setContent(current, { title: event.target.value })} required autoComplete="off" />
                <DescriptionField label={t('openings.fields.description')} {...field('description')} onChange={(html) => setContent(current, { description: html })} required />
                <TextField label={t('openings.fields.location')} {...field('location')} onChange={(event) => setContent(current, { location: event.target.value })} />
                <SelectField label={t('openings.fields.contract')} {...field('contract')} onChange={(event) => setContent(current, { contract: event.target.value })} options={contractOptions(t)} />
                {current !== values.language && !draft.saved.includes(current) ? (
                  <p>
                    <Button variant="secondary" onClick={() => removeLanguage(current)}>
                      {t('postingLanguages.remove', { language: languageName(current, locale) })}
                    </Button>
                  </p>
                ) : null}
              </div>
            </div>
          </div>
          <div className="form-actions">
            <Button type="submit">{t('openings.wizard.next')}</Button>
          </div>
        </form>
      ) : step === 'channels' ? (
        <form className="wizard-form" onSubmit={nextFromChannels} noValidate>
          <fieldset className="checkbox-group" aria-describedby={channelsError ? `${id}-channels-error` : undefined}>
            <legend>{t('openings.posting.channelsLegend')}</legend>
            {POSTING_CHANNEL_KINDS.map((kind) => (
              <div key={kind} className="checkbox">
                <input
                  type="checkbox"
                  id={`${id}-${kind}`}
                  name="channels"
                  value={kind}
                  checked={values.channels.includes(kind)}
                  onChange={(event) => {
                    setChannelsError(false);
                    update({ ...values, channels: POSTING_CHANNEL_KINDS.filter((item) => (item === kind ? event.target.checked : values.channels.includes(item))) });
                  }}
                />
                <label htmlFor={`${id}-${kind}`}>{t(`openings.posting.channel.${kind}`)}</label>
              </div>
            ))}
          </fieldset>
          {channelsError ? (
            <p id={`${id}-channels-error`} className="rec-field-error" role="alert">
              {t('openings.posting.channelsRequired')}
            </p>
          ) : null}
          <SalaryFields value={values.salary ?? salaryDraftOf(null)} onChange={(salary) => update({ ...values, salary })} showErrors={salaryChecked} />
          <div className="form-actions">
            <a className="rec-button rec-button-secondary" href={`${base}/content`}>
              {t('openings.wizard.back')}
            </a>
            <Button type="submit">{t('openings.wizard.next')}</Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="wizard-summary">
            {(
              [
                [t('postingLanguages.ownLanguage'), languageName(values.language, locale)],
                [t('postingLanguages.languages'), values.languages.map((code) => languageName(code, locale)).join(', ')],
                [t('openings.posting.channels'), values.channels.map((kind) => t(`openings.posting.channel.${kind}`)).join(', ')],
                [t('salaryFields.review'), salaryReview(values.salary, locale, t)],
              ] as const
            ).map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value || '—'}</dd>
              </div>
            ))}
          </dl>
          {values.languages.map((language) => {
            const text = contentOf(values, language);
            return (
              <section key={language} className="wizard-language" aria-labelledby={`${id}-review-${language}`} lang={language}>
                <h3 id={`${id}-review-${language}`} lang={locale}>
                  {languageName(language, locale)}
                </h3>
                <dl className="wizard-summary">
                  {(
                    [
                      [t('openings.fields.title'), text.title],
                      [t('openings.fields.description'), descriptionText(text.description)],
                      [t('openings.fields.location'), text.location],
                      [t('openings.fields.contract'), contractLabel(t, text.contract)],
                    ] as const
                  ).map(([term, value]) => (
                    <div key={term}>
                      <dt lang={locale}>{term}</dt>
                      <dd>{value || '—'}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            );
          })}
          {notices.missing.length ? (
            <section className="rec-message" aria-labelledby={`${id}-notice-title`}>
              <h3 id={`${id}-notice-title`}>{t('openings.posting.noticeMissingTitle', { languages: notices.missing.map((code) => languageName(code, locale)).join(', ') })}</h3>
              <p>
                {notices.fallback
                  ? t('openings.posting.noticeMissingText', { fallback: languageName(notices.fallback, locale) })
                  : t('openings.posting.noticeMissingNone')}{' '}
                <a href="/recruiter/settings_new/mycompany">{t('openings.posting.noticeSettingsLink')}</a>
              </p>
              {notices.needsConfirm ? (
                <>
                  <div className="checkbox">
                    <input
                      type="checkbox"
                      id={`${id}-notice-confirm`}
                      checked={noticeConfirmed}
                      aria-invalid={noticeError || undefined}
                      aria-describedby={noticeError ? `${id}-notice-error` : undefined}
                      onChange={(event) => {
                        setNoticeConfirmed(event.target.checked);
                        setNoticeError(false);
                      }}
                    />
                    <label htmlFor={`${id}-notice-confirm`}>{t('openings.posting.noticeConfirm')}</label>
                  </div>
                  {noticeError ? (
                    <p id={`${id}-notice-error`} className="rec-field-error" role="alert">
                      {t('openings.posting.noticeConfirmRequired')}
                    </p>
                  ) : null}
                </>
              ) : null}
            </section>
          ) : null}
          <div className="form-actions">
            <a className="rec-button rec-button-secondary" href={`${base}/channels`}>
              {t('openings.wizard.back')}
            </a>
            <Button onClick={save} busy={saving}>
              {postingId ? t('openings.wizard.savePosting') : t('openings.wizard.createPosting')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
