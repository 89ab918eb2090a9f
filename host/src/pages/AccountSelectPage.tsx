import type { Tenant } from '@rec/api-client';
import { Button, MessageBlock } from '@rec/ui';
import { useState } from 'react';
import { errorText } from '../error-text';
import { useT } from '../i18n';
import { chooseTenant } from '../route-services';
import { ROLE_HOME, sameOriginPath } from '../router/rules';
import { useTitle } from '../title';

/**
 * /account-select with several companies: the chooser. Each choice POSTs the server's
 * authorisation URL (a GET would let any page switch the session), then loads the company's home.
 */
export function AccountSelectPage({ tenants }: { tenants: readonly Tenant[] }) {
  const t = useT();
  useTitle(t('signIn.accountSelect.title'));
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(tenant: Tenant) {
    const target = sameOriginPath(tenant.requestAuthUrl, location.origin);
    if (!target) return;
    setBusy(tenant.id);
    setFailure(null);
    try {
      const answer = await chooseTenant(target);
      // A full load: every store of the recruiter area belongs to the new company.
      location.assign(sameOriginPath(answer.redirectTo, location.origin) ?? ROLE_HOME.recruiter);
    } catch (error) {
      setBusy(null);
      setFailure(errorText(t, error));
    }
  }

  return (
    <section className="auth-card" aria-labelledby="tenants-title">
      <h1 id="tenants-title">{t('signIn.accountSelect.title')}</h1>
      {failure ? <MessageBlock tone="error">{failure}</MessageBlock> : null}
      {tenants.length ? (
        <>
          <p>{t('signIn.accountSelect.intro')}</p>
          <ul className="tenant-list">
            {tenants.map((tenant) => (
              <li key={tenant.id}>
                <Button type="button" busy={busy === tenant.id} onClick={() => void choose(tenant)}>
                  {tenant.name || tenant.id}
                </Button>
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
