import { LOCALES } from '@rec/core';
import { validateForm } from '@rec/core/form-rules';
import { Button, TextField } from '@rec/ui';
import type { KeyboardEvent } from 'react';
import { $locale } from '../../api';
import { useT } from '../../i18n';
import { contractOptions } from './contract-options';
import { contentOf, EMPTY_CONTENT, POSTING_RULES, type PostingContentValues, type PostingFailures, type PostingValues } from './posting-values';
import { DescriptionField, languageName, SelectField, useRuleText } from './shared';

interface Props {
  /** The wizard's id prefix: the tabs are `<id>-tab-<language>`, the panel `<id>-panel`. */
  id: string;
  values: PostingValues;
  /** The language whose tab is shown. */
  current: string;
  /** Languages the stored posting is written in: they cannot be removed here. */
  saved: readonly string[];
  failures: PostingFailures;
  update(next: PostingValues): void;
  /** Shows a language's tab. */
  setTab(language: string): void;
}

/**
 * The content step's fields: the posting's own language, and one tab per language it is written
 * in (the tabs pattern), each with its title, description, place and contract.
 */
export function PostingLanguages({ id, values, current, saved, failures, update, setTab }: Props) {
  const t = useT();
  const ruleText = useRuleText();
  const locale = $locale.get();
  const missing = (language: string) => Object.keys(validateForm({ title: POSTING_RULES.title, description: POSTING_RULES.description }, contentOf(values, language))).length > 0;
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

  const content = contentOf(values, current);
  const ruleOf = (field: keyof PostingContentValues) => failures[current]?.[field];
  const field = (name: keyof PostingContentValues) => ({ name, value: content[name], error: ruleText(ruleOf(name)) });
  const addable = LOCALES.filter((code) => !values.languages.includes(code));

  return (
    <>
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
            {current !== values.language && !saved.includes(current) ? (
              <p>
                <Button variant="secondary" onClick={() => removeLanguage(current)}>
                  {t('postingLanguages.remove', { language: languageName(current, locale) })}
                </Button>
              </p>
            ) : null}
          </div>
        </div>
      </div>
    </>
  );
}
