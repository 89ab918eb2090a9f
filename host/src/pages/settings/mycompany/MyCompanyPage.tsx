import { type CompanySettingsResource, fetchCompanySettings, isApiError, updateCompanySettings } from '@rec/api-client';
import { type CompanySettingsPatch, LOCALES, type Locale, PERMISSIONS } from '@rec/core';
import { $permissions, can, showErrorToast, showToast } from '@rec/stores';
import { Button, ErrorMessage, Loading } from '@rec/ui';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { $locale, api } from '../../../api';
import { useT } from '../../../i18n';
import { useTitle } from '../../../title';
import { useStore } from '../../../use-store';
import { languageName } from '../../openings/shared';
import { BrandEditor } from '../brand/BrandEditor';
import { LogosSection } from './LogosSection';
import { SecurityPolicySection } from './SecurityPolicySection';
import { SsoSection } from './SsoSection';
import { StagesEditor } from './StagesEditor';

/**
 * /recruiter/settings_new/mycompany: the company's fields, logos, privacy notice, retention and consent, stages and brand.
 * Recruiters without COMPANIES:SETTINGS:MANAGE see the brand only, read-only.
 */
export default function MyCompanyPage() {
  const t = useT();
  const heading = t('settingsNav.pages.mycompany');
  useTitle(heading);
  const [settings, setSettings] = useState<CompanySettingsResource | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // Any recruiter opens the page to see the brand (issue 16); only a manager gets the forms (the
  // server refuses the others' PATCH with 403 whatever the page shows).
  useStore($permissions);
  const canManage = can(PERMISSIONS.companySettingsManage);

  const load = useCallback(async () => {
    try {
      setSettings(await fetchCompanySettings(api));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function save(patch: CompanySettingsPatch) {
    setBusy(true);
    try {
      setSettings(await updateCompanySettings(api, patch));
      showToast({ tone: 'success', title: 'companySettings.saved' });
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      {failed ? <ErrorMessage title={t('genericErrorTitle')} message={t('genericErrorMessage')} retryLabel={t('companySettings.retry')} onRetry={load} /> : null}
      {!settings && !failed ? <Loading label={t('settingsNav.loading')} /> : null}
      {settings ? (
        <>
          {canManage ? (
            <>
              <CompanyFields settings={settings} busy={busy} onSave={save} />
              <LogosSection logos={settings.logos} onChanged={load} />
              <PrivacyNotice settings={settings} busy={busy} onSave={save} />
              <StagesEditor key={JSON.stringify(settings.stages)} stages={settings.stages} locale={$locale.get()} busy={busy} onSave={(stages) => save({ stages })} />
              <SecurityPolicySection />
              <SsoSection />
            </>
          ) : null}
          <BrandEditor brand={settings.brand} logos={settings.logos} busy={busy} readOnly={!canManage} onSave={(brand) => save({ brand })} />
        </>
      ) : null}
    </section>
  );
}

function CompanyFields({ settings, busy, onSave }: { settings: CompanySettingsResource; busy: boolean; onSave: (patch: CompanySettingsPatch) => void }) {
  const t = useT();
  const locale = useStore($locale);
  const [name, setName] = useState(settings.name);
  const [language, setLanguage] = useState<Locale>(settings.language);
  const [retentionDays, setRetentionDays] = useState(String(settings.retentionDays));
  const [consentMonths, setConsentMonths] = useState(String(settings.consentMonths));
  function submit(event: FormEvent) {
    event.preventDefault();
    onSave({ name, defaultLanguage: language, retentionDays: Number(retentionDays), consentMonths: Number(consentMonths) });
  }
  return (
    <form className="settings-section settings-form" onSubmit={submit} aria-labelledby="company-fields-title">
      <h2 id="company-fields-title">{t('companySettings.fields.title')}</h2>
      <label>
        {t('companySettings.fields.name')}
        <input value={name} required maxLength={120} onChange={(event) => setName(event.currentTarget.value)} />
      </label>
      <label>
        {t('companySettings.fields.language')}
        <select value={language} onChange={(event) => setLanguage(event.currentTarget.value as Locale)}>
          {LOCALES.map((code) => (
            <option key={code} value={code}>
              {languageName(code, locale)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('companySettings.fields.retentionDays')}
        <input type="number" min={30} max={3650} required value={retentionDays} onChange={(event) => setRetentionDays(event.currentTarget.value)} aria-describedby="retention-hint" />
      </label>
      <p id="retention-hint" className="settings-hint">
        {t('companySettings.fields.retentionHint')}
      </p>
      <label>
        {t('companySettings.fields.consentMonths')}
        <input type="number" min={1} max={36} required value={consentMonths} onChange={(event) => setConsentMonths(event.currentTarget.value)} aria-describedby="consent-hint" />
      </label>
      <p id="consent-hint" className="settings-hint">
        {t('companySettings.fields.consentHint')}
      </p>
      <div className="settings-actions">
        <Button type="submit" busy={busy}>
          {t('companySettings.save')}
        </Button>
      </div>
    </form>
  );
}

function PrivacyNotice({ settings, busy, onSave }: { settings: CompanySettingsResource; busy: boolean; onSave: (patch: CompanySettingsPatch) => void }) {
  const t = useT();
  const locale = useStore($locale);
  const [language, setLanguage] = useState<Locale>(settings.language);
  const [notices, setNotices] = useState<Partial<Record<Locale, string>>>(settings.privacyNotice);
  return (
    <form
      className="settings-section settings-form"
      aria-labelledby="privacy-title"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ privacyNotice: Object.fromEntries(Object.entries(notices).filter(([, text]) => text?.trim())) });
      }}
    >
      <h2 id="privacy-title">{t('companySettings.privacy.title')}</h2>
      <p className="settings-hint">{t('companySettings.privacy.hint')}</p>
      <label>
        {t('companySettings.privacy.language')}
        <select value={language} onChange={(event) => setLanguage(event.currentTarget.value as Locale)}>
          {LOCALES.map((code) => (
            <option key={code} value={code}>
              {languageName(code, locale)}
              {notices[code]?.trim() ? ` ✓` : ''}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('companySettings.privacy.text', { language: languageName(language, locale) })}
        <textarea value={notices[language] ?? ''} maxLength={5000} onChange={(event) => setNotices({ ...notices, [language]: event.currentTarget.value })} />
      </label>
      <div className="settings-actions">
        <Button type="submit" busy={busy}>
          {t('companySettings.privacy.save')}
        </Button>
      </div>
    </form>
  );
}
