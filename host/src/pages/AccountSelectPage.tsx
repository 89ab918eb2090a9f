import type { Tenant } from '@rec/api-client';
import { useT } from '../i18n';
import { useTitle } from '../title';

/** /account-select with several companies: the chooser (each link is the server's authorisation URL). */
export function AccountSelectPage({ tenants }: { tenants: readonly Tenant[] }) {
  const t = useT();
  useTitle(t('signIn.accountSelect.title'));
  return (
    <section className="auth-card" aria-labelledby="tenants-title">
      <h1 id="tenants-title">{t('signIn.accountSelect.title')}</h1>
      {tenants.length ? (
        <>
          <p>{t('signIn.accountSelect.intro')}</p>
          <ul className="tenant-list">
            {tenants.map((tenant) => (
              <li key={tenant.id}>
                <a href={tenant.requestAuthUrl}>{tenant.name || tenant.id}</a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('signIn.accountSelect.none')}</p>
      )}
      <p>
        <a href="/logout">{t('shell.signOut')}</a>
      </p>
    </section>
  );
}
