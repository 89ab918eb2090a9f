import { isApiError } from '@rec/api-client';
import { type CandidateRecord, type PersonalFields, PersonalFieldsSchema } from '@rec/core';
import { Button, Dialog, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { api } from '../../api';
import { useT } from '../../i18n';
import { PortalFrame } from './PortalFrame';
import { formatDay, portalApi } from './portal-api';
import { useLoad } from './use-load';

type FieldName = keyof PersonalFields;
const FIELDS: readonly FieldName[] = ['firstName', 'lastName', 'phone'];


/** /applicant/{candidateId}/manage-data: everything held, corrections, the zip download, the removal request. */
export default function ManageDataPage({ candidateId }: { candidateId: string }) {
  const t = useT();
  const record = useLoad(() => portalApi(api).record(candidateId), [candidateId]);
  const title = t('manageData.title');
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
  return (
    <PortalFrame title={title} candidateId={candidateId} companyName={record.data.companyName} theme={record.data.theme}>
      <HeldData record={record.data} />
      <Corrections candidateId={candidateId} record={record.data} onSaved={record.reload} />
      <section className="portal-card" aria-labelledby="download-title">
        <h2 id="download-title">{t('manageData.download.title')}</h2>
        <p>{t('manageData.download.text')}</p>
        <a className="rec-button rec-button-secondary" href={portalApi(api).dataZipUrl(candidateId)} download>
          {t('manageData.download.action')}
        </a>
      </section>
      <Removal candidateId={candidateId} companyName={record.data.companyName} />
    </PortalFrame>
  );
}

function HeldData({ record }: { record: CandidateRecord }) {
  const t = useT();
  return (
    <section className="portal-card" aria-labelledby="held-title">
      <h2 id="held-title">{t('manageData.held.title')}</h2>
      <dl className="portal-data">
        <dt>{t('manageData.fields.firstName')}</dt>
        <dd>{record.personal.firstName}</dd>
        <dt>{t('manageData.fields.lastName')}</dt>
        <dd>{record.personal.lastName}</dd>
        <dt>{t('manageData.fields.email')}</dt>
        <dd>{record.personal.email}</dd>
        <dt>{t('manageData.fields.phone')}</dt>
        <dd>{record.personal.phone || t('manageData.held.empty')}</dd>
        <dt>{t('manageData.held.applications')}</dt>
        <dd>
          <ul className="portal-list">
            {record.applications.map((application) => (
              <li key={application._id}>{t('manageData.held.application', { openingTitle: application.openingTitle, date: formatDay(application.appliedAt) })}</li>
            ))}
          </ul>
        </dd>
        <dt>{t('manageData.held.consent')}</dt>
        <dd>{record.consent.expiresAt ? t('manageData.held.consentUntil', { date: formatDay(record.consent.expiresAt) }) : t('manageData.held.empty')}</dd>
      </dl>
      <p className="portal-meta">{t('manageData.held.more')}</p>
    </section>
  );
}

function Corrections({ candidateId, record, onSaved }: { candidateId: string; record: CandidateRecord; onSaved: () => void }) {
  const t = useT();
  const [values, setValues] = useState<Record<FieldName, string>>({ firstName: record.personal.firstName, lastName: record.personal.lastName, phone: record.personal.phone });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(PersonalFieldsSchema, values);
    if (!parsed.success) {
      const flat = v.flatten<typeof PersonalFieldsSchema>(parsed.issues).nested ?? {};
      setErrors(Object.fromEntries(Object.entries(flat).map(([name, messages]) => [name, messages?.[0]])) as Partial<Record<FieldName, string>>);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await portalApi(api).updatePersonal(candidateId, parsed.output);
      setStatus({ tone: 'success', text: t('manageData.corrections.saved') });
      onSaved();
    } catch (error) {
      setStatus({ tone: 'error', text: isApiError(error) ? t(error.key) : t('manageData.corrections.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="portal-card" aria-labelledby="corrections-title">
      <h2 id="corrections-title">{t('manageData.corrections.title')}</h2>
      <form className="portal-form" onSubmit={(event) => void submit(event)} noValidate>
        {FIELDS.map((name) => {
          const error = errors[name];
          return (
            <TextField
              key={name}
              label={t(`manageData.fields.${name}`)}
              name={name}
              value={values[name]}
              autoComplete={name === 'firstName' ? 'given-name' : name === 'lastName' ? 'family-name' : 'tel'}
              type={name === 'phone' ? 'tel' : 'text'}
              error={error ? t(error) : null}
              onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
            />
          );
        })}
        <div className="portal-actions">
          <Button type="submit" busy={busy}>
            {t('manageData.corrections.save')}
          </Button>
        </div>
      </form>
      {status ? <MessageBlock tone={status.tone}>{status.text}</MessageBlock> : null}
    </section>
  );
}

function Removal({ candidateId, companyName }: { candidateId: string; companyName: string }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function ask() {
    setBusy(true);
    try {
      await portalApi(api).requestRemoval(candidateId);
      setStatus({ tone: 'success', text: t('manageData.removal.sent') });
    } catch {
      setStatus({ tone: 'error', text: t('manageData.removal.failed') });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <section className="portal-card" aria-labelledby="removal-title">
      <h2 id="removal-title">{t('manageData.removal.title')}</h2>
      <p>{t('manageData.removal.text', { companyName })}</p>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('manageData.removal.action')}
      </Button>
      {status ? <MessageBlock tone={status.tone}>{status.text}</MessageBlock> : null}
      <Dialog
        open={confirming}
        role="alertdialog"
        title={t('manageData.removal.confirmTitle')}
        onClose={() => setConfirming(false)}
        closeLabel={t('manageData.removal.cancel')}
        busy={busy}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('manageData.removal.cancel')}
            </Button>
            <Button onClick={() => void ask()} busy={busy} data-autofocus>
              {t('manageData.removal.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('manageData.removal.confirmText', { companyName })}</p>
      </Dialog>
    </section>
  );
}
