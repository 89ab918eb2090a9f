import { isApiError } from '@rec/api-client';
import { LOCALES, type Locale, toLocale } from '@rec/core';
import { $recruiterMe, browserStorage, loadRecruiterMe, showErrorToast, showToast } from '@rec/stores';
import { Button, TextField } from '@rec/ui';
import { type FormEvent, useId, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { LANGUAGE_NAMES, reloadInLocale } from '../../layouts/LanguageSwitcher';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { saveOwnLanguage, saveOwnName } from './account-api';
import { ProfilePictureEditor } from './ProfilePictureEditor';
import { TwoFactorSection } from './TwoFactorSection';

/** settings/myaccount: name (full name derived as spec §3), language, profile picture; a way to the password page. */
export default function AccountPage() {
  const t = useT();
  const heading = t('account.title');
  useTitle(heading);
  const me = useStore($recruiterMe).resource;
  const languageId = useId();
  const [first, setFirst] = useState(me?.name?.first ?? '');
  const [last, setLast] = useState(me?.name?.last ?? '');
  const [errors, setErrors] = useState<{ first?: string; last?: string }>({});
  const [savingName, setSavingName] = useState(false);
  const [language, setLanguage] = useState<Locale>(toLocale(me?.settings?.language) ?? (toLocale($locale.get()) as Locale) ?? 'en');
  const [savingLanguage, setSavingLanguage] = useState(false);

  async function submitName(event: FormEvent) {
    event.preventDefault();
    const next = { first: first.trim() ? undefined : t('account.name.required'), last: last.trim() ? undefined : t('account.name.required') };
    setErrors(next);
    if (next.first || next.last) return;
    setSavingName(true);
    try {
      await saveOwnName(first.trim(), last.trim());
      await loadRecruiterMe(api, browserStorage(), { refresh: true });
      showToast({ tone: 'success', title: 'account.name.saved' });
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
    } finally {
      setSavingName(false);
    }
  }

  async function submitLanguage(event: FormEvent) {
    event.preventDefault();
    setSavingLanguage(true);
    try {
      await saveOwnLanguage(language);
      await loadRecruiterMe(api, browserStorage(), { refresh: true });
      // The interface switches at once: the cookie for the next visits, and the page shown again in the language.
      reloadInLocale(language);
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
      setSavingLanguage(false);
    }
  }

  const fullName = first.trim() && last.trim() ? `${first.trim()} ${last.trim()}` : '';
  return (
    <section aria-labelledby="account-title" className="account-page">
      <h1 id="account-title">{heading}</h1>
      <form onSubmit={submitName} noValidate aria-labelledby="account-name-title" className="account-form">
        <h2 id="account-name-title">{t('account.name.title')}</h2>
        <TextField label={t('account.name.first')} autoComplete="given-name" required value={first} error={errors.first} onChange={(event) => setFirst(event.currentTarget.value)} />
        <TextField label={t('account.name.last')} autoComplete="family-name" required value={last} error={errors.last} onChange={(event) => setLast(event.currentTarget.value)} />
        <p className="rec-field-hint">{fullName ? t('account.name.shownAs', { name: fullName }) : t('account.name.shownAsEmail')}</p>
        <p className="rec-field-hint">{t('account.name.email', { email: me?.email ?? '' })}</p>
        <Button type="submit" busy={savingName}>
          {t('account.name.save')}
        </Button>
      </form>
      <form onSubmit={submitLanguage} aria-labelledby="account-language-title" className="account-form">
        <h2 id="account-language-title">{t('account.language.title')}</h2>
        <div className="rec-field">
          <label htmlFor={languageId} className="rec-field-label">
            {t('account.language.label')}
          </label>
          <select id={languageId} className="rec-input" value={language} onChange={(event) => setLanguage(event.currentTarget.value as Locale)}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LANGUAGE_NAMES[locale]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={savingLanguage}>
          {t('account.language.save')}
        </Button>
      </form>
      <ProfilePictureEditor current={me?.settings?.profilePicture ?? me?.settings?.profilePictureUrl ?? null} name={me?.fullName ?? ''} />
      <section aria-labelledby="account-password-title" className="account-form">
        <h2 id="account-password-title">{t('account.password.title')}</h2>
        <p>{t('account.password.text')}</p>
        <a href="/recruiter/settings/myaccount/password-rotate">{t('account.password.link')}</a>
      </section>
      <TwoFactorSection />
    </section>
  );
}
