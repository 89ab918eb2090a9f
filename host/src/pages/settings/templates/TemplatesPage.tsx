import { fetchMailTemplates, isApiError, resetMailTemplate, saveMailTemplate } from '@rec/api-client';
import { fillPlaceholders, LOCALES, MAIL_TEMPLATE_KINDS, type MailTemplateKind, type MailTemplateResource } from '@rec/core';
import { showErrorToast, showToast } from '@rec/stores';
import { Button, Loading } from '@rec/ui';
import { useEffect, useState } from 'react';
import { $locale, api } from '../../../api';
import { useT } from '../../../i18n';
import { useTitle } from '../../../title';
import { useStore } from '../../../use-store';
import { languageName } from '../../openings/shared';

/** settings_new/templates: the candidate mails per kind and language, with placeholders and a live preview. */
export default function TemplatesPage() {
  const t = useT();
  const locale = useStore($locale);
  const heading = t('settingsNav.pages.templates');
  useTitle(heading);
  const [templates, setTemplates] = useState<MailTemplateResource[] | null>(null);
  const [kind, setKind] = useState<MailTemplateKind>('applicationReceived');
  const [language, setLanguage] = useState<string>((LOCALES as readonly string[]).includes(locale) ? locale : 'en');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchMailTemplates(api).then(setTemplates, () => showErrorToast(null));
  }, []);
  const current = templates?.find((template) => template.kind === kind && template.language === language);
  // The form shows the chosen mail's saved text whenever the choice (or the saved text) changes.
  useEffect(() => {
    setSubject(current?.subject ?? '');
    setBody(current?.body ?? '');
  }, [current]);

  const replace = (saved: MailTemplateResource) => setTemplates((all) => all?.map((template) => (template.kind === saved.kind && template.language === saved.language ? saved : template)) ?? null);
  async function run(work: () => Promise<MailTemplateResource>, success: string) {
    setBusy(true);
    try {
      replace(await work());
      showToast({ tone: 'success', title: success });
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
    } finally {
      setBusy(false);
    }
  }

  // Sample values for the preview, in the page language.
  const sample: Record<string, string> = {
    candidateName: t('mailTemplates.sample.candidateName'),
    jobTitle: t('mailTemplates.sample.jobTitle'),
    companyName: t('mailTemplates.sample.companyName'),
    date: t('mailTemplates.sample.date'),
    link: 'https://example.com/…',
  };

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      <p>{t('mailTemplates.intro')}</p>
      {!templates ? (
        <Loading label={t('settingsNav.loading')} />
      ) : (
        <div className="settings-two">
          <form
            className="settings-section settings-form"
            aria-labelledby="template-edit-title"
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => saveMailTemplate(api, kind, language, { subject, body }), 'mailTemplates.saved');
            }}
          >
            <h2 id="template-edit-title">{t('mailTemplates.edit')}</h2>
            <label>
              {t('mailTemplates.kind')}
              <select value={kind} onChange={(event) => setKind(event.currentTarget.value as MailTemplateKind)}>
                {MAIL_TEMPLATE_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {t(`mailTemplates.kinds.${value}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('mailTemplates.language')}
              <select value={language} onChange={(event) => setLanguage(event.currentTarget.value)}>
                {LOCALES.map((code) => (
                  <option key={code} value={code}>
                    {languageName(code, locale)}
                  </option>
                ))}
              </select>
            </label>
            <p className="settings-hint">{current?.custom ? t('mailTemplates.custom') : t('mailTemplates.default')}</p>
            <label>
              {t('mailTemplates.subject')}
              <input value={subject} required maxLength={200} onChange={(event) => setSubject(event.currentTarget.value)} />
            </label>
            <label>
              {t('mailTemplates.body')}
              <textarea value={body} required maxLength={10000} rows={10} onChange={(event) => setBody(event.currentTarget.value)} aria-describedby="placeholders-hint" />
            </label>
            <p id="placeholders-hint" className="settings-hint">
              {t('mailTemplates.placeholders', { list: (current?.placeholders ?? []).map((name) => `{{${name}}}`).join(', ') })}
            </p>
            <div className="settings-actions">
              <Button type="submit" busy={busy}>
                {t('mailTemplates.save')}
              </Button>
              {current?.custom ? (
                <Button variant="secondary" disabled={busy} onClick={() => run(() => resetMailTemplate(api, kind, language), 'mailTemplates.resetDone')}>
                  {t('mailTemplates.reset')}
                </Button>
              ) : null}
            </div>
          </form>
          <section className="settings-section" aria-labelledby="template-preview-title">
            <h2 id="template-preview-title">{t('mailTemplates.preview')}</h2>
            <p>
              <strong>{t('mailTemplates.subject')}:</strong> <span data-testid="preview-subject">{fillPlaceholders(subject, sample)}</span>
            </p>
            <div className="mail-preview" data-testid="preview-body">
              {fillPlaceholders(body, sample)}
            </div>
          </section>
        </div>
      )}
    </section>
  );
}
