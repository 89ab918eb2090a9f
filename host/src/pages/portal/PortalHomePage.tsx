import { stepsApi } from '@rec/api-client';
import type { CandidateConsent } from '@rec/core';
import { Button, MessageBlock } from '@rec/ui';
import { useState } from 'react';
import { api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { PortalFrame } from './PortalFrame';
import { formatDay, portalApi } from './portal-api';
import { useLoad } from './use-load';
import { WithdrawApplication } from './WithdrawApplication';

const RENEWAL_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** /applicant/{candidateId}: the candidate's applications in this company, their pending requests and their consent. */
export default function PortalHomePage({ candidateId }: { candidateId: string }) {
  const t = useT();
  const portal = portalApi(api);
  // Bumped after a withdrawal: the record is read again (its status and steps changed on the server).
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const record = useLoad(() => portal.record(candidateId), [candidateId, version]);
  const requests = useLoad(() => portal.pendingRequests(candidateId), [candidateId]);
  const title = t('portal.title');

  if (record.error) {
    return (
      <PortalFrame title={title}>
        <MessageBlock tone="error" title={t('portal.loadError')}>
          <p>{t(record.error)}</p>
        </MessageBlock>
      </PortalFrame>
    );
  }
  if (!record.data) return <PortalFrame title={title}>{<p role="status">{t('portal.loading')}</p>}</PortalFrame>;
  const data = record.data;

  async function continueApplication(applicationId: string) {
    await stepsApi(api).login(applicationId);
    navigate('/applicant/steps/next');
  }
  const open = (status: string) => status === 'submitted' || status === 'inProgress';

  return (
    <PortalFrame title={title} candidateId={candidateId} companyName={data.companyName} theme={data.theme}>
      {notice ? (
        <MessageBlock tone="success">
          <p>{notice}</p>
        </MessageBlock>
      ) : null}
      <ConsentCard candidateId={candidateId} initial={data.consent} companyName={data.companyName} />

      <section className="portal-card" aria-labelledby="requests-title">
        <h2 id="requests-title">{t('pendingRequests.title')}</h2>
        {requests.data && requests.data.length > 0 ? (
          <ul className="portal-list">
            {requests.data.map((request) => (
              <li key={request._id} className="portal-item">
                <h3>{t(`pendingRequests.kinds.${request.kind}`)}</h3>
                <p className="portal-meta">{t('pendingRequests.about', { openingTitle: request.openingTitle, date: formatDay(request.createdAt) })}</p>
                {request.message ? <p>{request.message}</p> : null}
                <div className="portal-actions">
                  <Button onClick={() => navigate(`/applicant/${candidateId}/request/${request._id}`)}>{t('pendingRequests.open')}</Button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>{requests.loading ? t('portal.loading') : t('pendingRequests.none')}</p>
        )}
      </section>

      <section className="portal-card" aria-labelledby="applications-title">
        <h2 id="applications-title">{t('portal.applications.title')}</h2>
        {data.applications.length === 0 ? <p>{t('portal.applications.none')}</p> : null}
        <ul className="portal-list">
          {data.applications.map((application) => (
            <li key={application._id} className="portal-item">
              <h3>{application.openingTitle}</h3>
              <p className="portal-meta">{t('portal.applications.appliedOn', { companyName: application.companyName, date: formatDay(application.appliedAt) })}</p>
              <p>
                <span className={`portal-status portal-status-${application.status}`}>{t(`portal.status.${application.status}`)}</span>
              </p>
              {application.stepsToDo > 0 || open(application.status) ? (
                <div className="portal-actions">
                  {application.stepsToDo > 0 ? (
                    <>
                      <span>{t('portal.applications.stepsToDo', { number: application.stepsToDo })}</span>
                      <Button variant="secondary" onClick={() => void continueApplication(application._id)}>
                        {t('portal.applications.continue')}
                      </Button>
                    </>
                  ) : null}
                  {open(application.status) ? (
                    <WithdrawApplication
                      applicationId={application._id}
                      title={application.openingTitle}
                      companyName={application.companyName}
                      onWithdrawn={() => {
                        setNotice(t('portal.withdraw.done', { title: application.openingTitle }));
                        setVersion((count) => count + 1);
                      }}
                    />
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </PortalFrame>
  );
}

function ConsentCard({ candidateId, initial, companyName }: { candidateId: string; initial: CandidateConsent; companyName: string }) {
  const t = useT();
  const [consent, setConsent] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const expiresAt = consent.expiresAt ? new Date(consent.expiresAt) : null;
  const soon = !!expiresAt && expiresAt.getTime() - Date.now() < RENEWAL_WINDOW_MS;

  async function renew() {
    setBusy(true);
    try {
      const next = await portalApi(api).setConsent(candidateId, true);
      setConsent(next);
      setMessage({ tone: 'success', text: t('consentRenewal.renewed', { date: next.expiresAt ? formatDay(next.expiresAt) : '' }) });
    } catch {
      setMessage({ tone: 'error', text: t('consentRenewal.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`portal-card${soon || consent.expired ? ' portal-warning' : ''}`} aria-labelledby="consent-title">
      <h2 id="consent-title">{t('consentRenewal.title')}</h2>
      <p>
        {consent.expired
          ? t('consentRenewal.expired', { companyName })
          : expiresAt
            ? t('consentRenewal.until', { companyName, date: formatDay(expiresAt.toISOString()) })
            : t('consentRenewal.none', { companyName })}
      </p>
      <p className="portal-meta">{t('consentRenewal.explain', { months: consent.months })}</p>
      <div className="portal-actions">
        <Button onClick={() => void renew()} busy={busy}>
          {t('consentRenewal.renew', { months: consent.months })}
        </Button>
      </div>
      {message ? <MessageBlock tone={message.tone}>{message.text}</MessageBlock> : null}
    </section>
  );
}
