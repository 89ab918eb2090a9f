import { isApiError } from '@rec/api-client';
import { SSO_DEFAULT_ROLES, type SsoDefaultRole, type SsoDomainClaimView, type SsoSettingsView } from '@rec/core';
import { showErrorToast, showToast } from '@rec/stores';
import { Button, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useT } from '../../../i18n';
import { formatDate } from '../../openings/shared';
import { fetchSsoSettings, removeSsoSettings, saveSsoSettings, testSsoConnection, verifySsoDomain } from '../../sso/sso-api';

/** "a.example, b.example" or one per line: the domains, lower-cased, without blanks. */
const domainsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);

/**
 * The proof of ownership of each claimed domain: the TXT record to publish while pending, a button
 * that asks the server to look it up, and when it was found. Only verified domains sign in.
 */
function DomainClaims({ claims, busy, onVerify }: { claims: SsoDomainClaimView[]; busy: boolean; onVerify: (domain: string) => void }) {
  const t = useT();
  if (!claims.length) return null;
  return (
    <section aria-labelledby="sso-domain-claims-title" className="sso-domain-claims">
      <h3 id="sso-domain-claims-title">{t('sso.settings.verification.title')}</h3>
      <p>{t('sso.settings.verification.intro')}</p>
      <ul>
        {claims.map((claim) => (
          <li key={claim.domain} data-domain={claim.domain} data-state={claim.state}>
            <p>
              <strong>{claim.domain}</strong>{' '}
              {claim.state === 'verified'
                ? t('sso.settings.verification.verified', { date: formatDate(claim.verifiedAt) })
                : claim.state === 'taken'
                  ? t('sso.settings.verification.taken')
                  : t('sso.settings.verification.pending')}
            </p>
            {claim.state === 'pending' ? (
              <>
                <dl>
                  <dt>{t('sso.settings.verification.recordName')}</dt>
                  <dd>
                    <code>{claim.recordName}</code>
                  </dd>
                  <dt>{t('sso.settings.verification.recordType')}</dt>
                  <dd>
                    <code>TXT</code>
                  </dd>
                  <dt>{t('sso.settings.verification.recordValue')}</dt>
                  <dd>
                    <code>{claim.recordValue}</code>
                  </dd>
                </dl>
                <Button variant="secondary" disabled={busy} onClick={() => onVerify(claim.domain)}>
                  {t('sso.settings.verification.verify', { domain: claim.domain })}
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The company's single sign-on (issue 32): its OpenID Connect IdP, the e-mail domains it signs in,
 * the role of members created at their first sign-in, and "SSO only". The client secret is never
 * shown again once saved: the field stays empty and says whether one is stored.
 */
export function SsoSection() {
  const t = useT();
  const roleId = useId();
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [secretSet, setSecretSet] = useState(false);
  const [domains, setDomains] = useState('');
  const [defaultRole, setDefaultRole] = useState<SsoDefaultRole>('recruiter');
  const [ssoOnly, setSsoOnly] = useState(false);
  const [configured, setConfigured] = useState(false);
  const [callbackUrl, setCallbackUrl] = useState('');
  const [claims, setClaims] = useState<SsoDomainClaimView[]>([]);
  const [busy, setBusy] = useState(false);
  const [testResult, setTestResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    fetchSsoSettings().then(
      (view) => {
        setIssuer(view.issuer);
        setClientId(view.clientId);
        setSecretSet(view.clientSecretSet);
        setDomains(view.domains.join(', '));
        setClaims(view.domainClaims);
        setDefaultRole(view.defaultRole);
        setSsoOnly(view.ssoOnly);
        setConfigured(view.configured);
        setCallbackUrl(view.callbackUrl);
      },
      () => undefined,
    );
  }, []);

  /** What a save or a verification answered: the domains and their proofs as the server holds them. */
  function showClaims(view: SsoSettingsView) {
    setDomains(view.domains.join(', '));
    setClaims(view.domainClaims);
  }

  const errorOf = (err: unknown) => (isApiError(err) && err.key.startsWith('sso.errors.') ? t(err.key) : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const view = await saveSsoSettings({
        issuer: issuer.trim(),
        clientId: clientId.trim(),
        ...(clientSecret ? { clientSecret } : {}),
        domains: domainsOf(domains),
        defaultRole,
        ssoOnly,
      });
      setClientSecret('');
      setSecretSet(view.clientSecretSet);
      setConfigured(true);
      showClaims(view);
      showToast({ tone: 'success', title: 'sso.settings.saved' });
    } catch (err) {
      const text = errorOf(err);
      if (text) setTestResult({ tone: 'error', text });
      else showErrorToast(isApiError(err) ? err.key : null);
    } finally {
      setBusy(false);
    }
  }

  async function test() {
    setTestResult(null);
    setBusy(true);
    try {
      const answer = await testSsoConnection(issuer.trim());
      setTestResult({ tone: 'success', text: t('sso.settings.testOk', { issuer: answer.issuer }) });
    } catch (err) {
      setTestResult({ tone: 'error', text: errorOf(err) ?? t('sso.errors.discoveryFailed') });
    } finally {
      setBusy(false);
    }
  }

  async function verify(domain: string) {
    setTestResult(null);
    setBusy(true);
    try {
      const view = await verifySsoDomain(domain);
      showClaims(view);
      setTestResult({ tone: 'success', text: t('sso.settings.verification.done', { domain }) });
    } catch (err) {
      setTestResult({ tone: 'error', text: errorOf(err) ?? t('sso.errors.domainLookupFailed') });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await removeSsoSettings();
      setConfigured(false);
      setSecretSet(false);
      setSsoOnly(false);
      setClaims([]);
      showToast({ tone: 'success', title: 'sso.settings.removed' });
    } catch (err) {
      showErrorToast(isApiError(err) ? err.key : null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="sso-settings-title" className="settings-section">
      <h2 id="sso-settings-title">{t('sso.settings.title')}</h2>
      <p>{t('sso.settings.intro')}</p>
      {callbackUrl ? (
        <p>
          {t('sso.settings.callbackUrl')} <code>{callbackUrl}</code>
        </p>
      ) : null}
      <TextField label={t('sso.settings.issuer')} hint={t('sso.settings.issuerHint')} type="url" name="sso-issuer" value={issuer} onChange={(event) => setIssuer(event.currentTarget.value)} />
      <TextField label={t('sso.settings.clientId')} name="sso-client-id" autoComplete="off" value={clientId} onChange={(event) => setClientId(event.currentTarget.value)} />
      <TextField
        label={t('sso.settings.clientSecret')}
        hint={secretSet ? t('sso.settings.clientSecretSet') : t('sso.settings.clientSecretHint')}
        type="password"
        name="sso-client-secret"
        autoComplete="new-password"
        value={clientSecret}
        onChange={(event) => setClientSecret(event.currentTarget.value)}
      />
      <TextField label={t('sso.settings.domains')} hint={t('sso.settings.domainsHint')} name="sso-domains" value={domains} onChange={(event) => setDomains(event.currentTarget.value)} />
      <DomainClaims claims={claims} busy={busy} onVerify={verify} />
      <div className="rec-field">
        <label htmlFor={roleId}>{t('sso.settings.defaultRole')}</label>
        <select id={roleId} value={defaultRole} onChange={(event) => setDefaultRole(event.currentTarget.value as SsoDefaultRole)}>
          {SSO_DEFAULT_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`sso.settings.roles.${role}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="rec-field">
        <label>
          <input type="checkbox" checked={ssoOnly} onChange={(event) => setSsoOnly(event.currentTarget.checked)} /> {t('sso.settings.ssoOnly')}
        </label>
        <p className="rec-field-hint">{t('sso.settings.ssoOnlyHint')}</p>
      </div>
      {testResult ? <MessageBlock tone={testResult.tone}>{testResult.text}</MessageBlock> : null}
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          {t('sso.settings.save')}
        </Button>
        <Button variant="secondary" disabled={busy || !issuer.trim()} onClick={test}>
          {t('sso.settings.test')}
        </Button>
        {configured ? (
          <Button variant="secondary" disabled={busy} onClick={remove}>
            {t('sso.settings.remove')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
