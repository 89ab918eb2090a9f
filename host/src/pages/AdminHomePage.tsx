import { type AdminCompany, fetchAdminCompanies } from '@rec/api-client';
import { Button, Loading, MessageBlock } from '@rec/ui';
import { useEffect, useState } from 'react';
import { api } from '../api';
import { errorText } from '../error-text';
import { useT } from '../i18n';
import { navigate } from '../navigation';
import { signOut } from '../route-services';
import { useTitle } from '../title';

type State = { status: 'loading' } | { status: 'ready'; companies: AdminCompany[] } | { status: 'error'; error: unknown };

/** /admin: companies and their recruiters (GET /v2/admin/companies). */
export function AdminHomePage() {
  const t = useT();
  useTitle(t('admin.title'));
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    fetchAdminCompanies(api).then(
      (companies) => live && setState({ status: 'ready', companies }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <div className="admin-header">
        <h1>{t('admin.title')}</h1>
        <Button variant="secondary" onClick={() => signOut().then(() => navigate('/login'))}>
          {t('shell.signOut')}
        </Button>
      </div>
      {state.status === 'loading' ? <Loading label={t('common.loading')} /> : null}
      {state.status === 'error' ? <MessageBlock tone="error">{errorText(t, state.error)}</MessageBlock> : null}
      {state.status === 'ready' && !state.companies.length ? <p>{t('admin.empty')}</p> : null}
      {state.status === 'ready'
        ? state.companies.map((company) => (
            <section key={company._id} className="admin-company" aria-labelledby={`company-${company._id}`}>
              <h2 id={`company-${company._id}`}>{company.name}</h2>
              {company.recruiters.length ? (
                <table>
                  <caption className="visually-hidden">{t('admin.recruitersOf', { company: company.name })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.name')}</th>
                      <th scope="col">{t('admin.email')}</th>
                      <th scope="col">{t('admin.role')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {company.recruiters.map((recruiter) => (
                      <tr key={recruiter._id}>
                        <td>{recruiter.fullName || '—'}</td>
                        <td>{recruiter.email}</td>
                        <td>{recruiter.role}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p>{t('admin.noRecruiters')}</p>
              )}
            </section>
          ))
        : null}
    </>
  );
}
