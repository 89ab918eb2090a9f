import { isApiError } from '@rec/api-client';
import { LOCALES, type Locale } from '@rec/core';
import { showErrorToast, showToast } from '@rec/stores';
import { Button, Loading, MessageBlock, TextField } from '@rec/ui';
import { SuspendDialog } from './SuspendDialog';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { $locale } from '../../api';
import { useT } from '../../i18n';
import { LANGUAGE_NAMES, LanguageSwitcher } from '../../layouts/LanguageSwitcher';
import { navigate } from '../../navigation';
import { signOut } from '../../route-services';
import { useTitle } from '../../title';
import { type AdminCompanyRow, createCompany, fetchCompanies, reactivateCompany, suspendCompany } from './admin-api';
import { TwoFactorSection } from '../account/TwoFactorSection';
import { AuditLogSection } from './AuditLogSection';

type State = { status: 'loading' } | { status: 'ready'; companies: AdminCompanyRow[] } | { status: 'error' };

const when = (iso: string | null, never: string) => (iso ? new Date(iso).toLocaleString(document.documentElement.lang || 'en', { dateStyle: 'short', timeStyle: 'short' }) : never);

/** /admin: create a company with its first owner, suspend or reactivate companies, their recruiters, the audit log, the admin's own two-factor sign-in. */
export default function AdminPage() {
  const t = useT();
  useTitle(t('admin.title'));
  const [state, setState] = useState<State>({ status: 'loading' });
  const reload = useCallback(async () => {
    try {
      setState({ status: 'ready', companies: await fetchCompanies() });
    } catch {
      setState({ status: 'error' });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const [suspending, setSuspending] = useState<AdminCompanyRow | null>(null);

  async function reactivate(company: AdminCompanyRow) {
    try {
      await reactivateCompany(company._id);
      showToast({ tone: 'success', title: 'adminCompanies.reactivated', values: { name: company.name } });
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
    }
    await reload();
  }

  /** After the confirmation: suspends, and offers to undo it from the toast (a reactivation). */
  async function suspend(company: AdminCompanyRow) {
    try {
      await suspendCompany(company._id);
      showToast({
        tone: 'success',
        title: 'adminCompanies.suspended',
        values: { name: company.name },
        timeout: 15_000,
        action: { label: 'adminCompanies.undo', run: () => void reactivate(company) },
      });
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
    }
    setSuspending(null);
    await reload();
  }

  return (
    <>
      <div className="admin-header">
        <h1>{t('admin.title')}</h1>
        {/* The admin area has no recruiter shell: its own language switcher (cookie, then the page in it). */}
        <LanguageSwitcher className="shell-language" />
        <Button variant="secondary" onClick={() => signOut().then(() => navigate('/login'))}>
          {t('shell.signOut')}
        </Button>
      </div>
      <CreateCompanyForm onCreated={reload} />
      <section aria-labelledby="admin-companies-title">
        <h2 id="admin-companies-title">{t('adminCompanies.listTitle')}</h2>
        {state.status === 'loading' ? <Loading label={t('adminCompanies.loading')} /> : null}
        {state.status === 'error' ? <MessageBlock tone="error">{t('adminCompanies.loadError')}</MessageBlock> : null}
        {state.status === 'ready'
          ? state.companies.map((company) => (
              <section key={company._id} className="admin-company" aria-labelledby={`company-${company._id}`}>
                <div className="admin-company-head">
                  <h3 id={`company-${company._id}`}>
                    {company.name}
                    {company.suspended ? <span className="admin-suspended"> · {t('adminCompanies.suspendedBadge')}</span> : null}
                  </h3>
                  <Button
                    variant="secondary"
                    data-company-action={company._id}
                    onClick={() => (company.suspended ? void reactivate(company) : setSuspending(company))}
                    aria-label={t(company.suspended ? 'adminCompanies.reactivateNamed' : 'adminCompanies.suspendNamed', { name: company.name })}>
                    {t(company.suspended ? 'adminCompanies.reactivate' : 'adminCompanies.suspend')}
                  </Button>
                </div>
                {company.recruiters.length ? (
                  <div className="team-table-wrap">
                    <table className="team-table">
                      <caption className="visually-hidden">{t('admin.recruitersOf', { company: company.name })}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('admin.name')}</th>
                          <th scope="col">{t('admin.email')}</th>
                          <th scope="col">{t('admin.role')}</th>
                          <th scope="col">{t('adminCompanies.lastSignIn')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {company.recruiters.map((recruiter) => (
                          <tr key={recruiter._id}>
                            <td>{recruiter.fullName || '—'}</td>
                            <td>{recruiter.email}</td>
                            <td>{t(`team.roles.${recruiter.role}`)}</td>
                            <td>{when(recruiter.lastSignInAt, t('team.never'))}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : (
                  <p>{t('admin.noRecruiters')}</p>
                )}
              </section>
            ))
          : null}
      </section>
      {suspending ? (
        <SuspendDialog
          company={suspending}
          onConfirm={() => suspend(suspending)}
          onClose={() => setSuspending(null)}
          returnFocus={() => document.querySelector<HTMLElement>(`[data-company-action="${suspending._id}"]`)}
        />
      ) : null}
      {state.status === 'ready' ? <AuditLogSection companies={state.companies} /> : null}
      {/* The admin's own second factors (issue 32): an admin keeps at least one, manages them here. */}
      <TwoFactorSection />
    </>
  );
}

function CreateCompanyForm({ onCreated }: { onCreated: () => Promise<void> }) {
  const t = useT();
  const languageId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  // A new company speaks the admin's language unless chosen otherwise (issue 26).
  const [language, setLanguage] = useState<Locale>(() => (LOCALES as readonly string[]).includes($locale.get()) ? ($locale.get() as Locale) : 'en');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : t('adminCompanies.create.nameRequired'),
      email: /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(email.trim()) ? undefined : t('adminCompanies.create.emailInvalid'),
    };
    setErrors(found);
    if (found.name || found.email) return;
    setBusy(true);
    try {
      await createCompany({ name: name.trim(), language, ownerEmail: email.trim() });
      showToast({ tone: 'success', title: 'adminCompanies.create.done', values: { name: name.trim(), email: email.trim() } });
      setName('');
      setEmail('');
      await onCreated();
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-create" onSubmit={submit} noValidate aria-labelledby="admin-create-title">
      <h2 id="admin-create-title">{t('adminCompanies.create.title')}</h2>
      <TextField label={t('adminCompanies.create.name')} required value={name} error={errors.name} onChange={(event) => setName(event.currentTarget.value)} />
      <TextField label={t('adminCompanies.create.ownerEmail')} type="email" required value={email} error={errors.email} onChange={(event) => setEmail(event.currentTarget.value)} />
      <div className="rec-field">
        <label htmlFor={languageId} className="rec-field-label">
          {t('adminCompanies.create.language')}
        </label>
        <select id={languageId} className="rec-input" value={language} onChange={(event) => setLanguage(event.currentTarget.value as Locale)}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" busy={busy}>
        {t('adminCompanies.create.submit')}
      </Button>
    </form>
  );
}
