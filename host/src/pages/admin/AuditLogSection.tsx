import type { AuditLogEntry } from '@rec/core';
import { Button, Loading, MessageBlock } from '@rec/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useT } from '../../i18n';
import { type AdminCompanyRow, type AuditFilters, fetchAuditActions, fetchAuditLog } from './admin-api';
import { auditActionLabel, auditDetails } from './audit-entry-text';

type State = { status: 'loading' } | { status: 'ready'; entries: AuditLogEntry[]; page: number; hasMore: boolean } | { status: 'error' };

/** The audit log of every company and of the platform (admins' own factor actions), filtered by action, company and day range. */
export function AuditLogSection({ companies }: { companies: AdminCompanyRow[] }) {
  const t = useT();
  const id = useId();
  const [actions, setActions] = useState<string[]>([]);
  const [draft, setDraft] = useState<AuditFilters>({});
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    fetchAuditActions().then(setActions, () => setActions([]));
  }, []);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    fetchAuditLog(filters).then(
      (answer) => live && setState({ status: 'ready', ...answer }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [filters]);

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters({ ...draft, page: 1 });
  }
  const field = (key: keyof AuditFilters) => ({ id: `${id}-${key}`, value: String(draft[key] ?? ''), onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [key]: event.currentTarget.value }) });

  return (
    <section aria-labelledby={`${id}-title`} className="audit-log">
      <h2 id={`${id}-title`}>{t('auditLog.title')}</h2>
      <form className="audit-filters" onSubmit={apply}>
        <div className="rec-field">
          <label htmlFor={`${id}-action`} className="rec-field-label">
            {t('auditLog.action')}
          </label>
          <select className="rec-input" {...field('action')}>
            <option value="">{t('auditLog.any')}</option>
            {actions
              .map((action) => ({ action, label: auditActionLabel(t, action) }))
              .sort((a, b) => a.label.localeCompare(b.label))
              .map(({ action, label }) => (
                <option key={action} value={action}>
                  {label}
                </option>
              ))}
          </select>
        </div>
        <div className="rec-field">
          <label htmlFor={`${id}-companyId`} className="rec-field-label">
            {t('auditLog.company')}
          </label>
          <select className="rec-input" {...field('companyId')}>
            <option value="">{t('auditLog.any')}</option>
            {companies.map((company) => (
              <option key={company._id} value={company._id}>
                {company.name}
              </option>
            ))}
          </select>
        </div>
        <div className="rec-field">
          <label htmlFor={`${id}-from`} className="rec-field-label">
            {t('auditLog.from')}
          </label>
          <input className="rec-input" type="date" {...field('from')} />
        </div>
        <div className="rec-field">
          <label htmlFor={`${id}-to`} className="rec-field-label">
            {t('auditLog.to')}
          </label>
          <input className="rec-input" type="date" {...field('to')} />
        </div>
        <Button type="submit">{t('auditLog.apply')}</Button>
      </form>
      {state.status === 'loading' ? <Loading label={t('auditLog.loading')} /> : null}
      {state.status === 'error' ? <MessageBlock tone="error">{t('auditLog.loadError')}</MessageBlock> : null}
      {state.status === 'ready' && state.entries.length === 0 ? <p>{t('auditLog.empty')}</p> : null}
      {state.status === 'ready' && state.entries.length > 0 ? (
        <div className="team-table-wrap">
          <table className="team-table">
            <caption className="visually-hidden">{t('auditLog.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('auditLog.when')}</th>
                <th scope="col">{t('auditLog.action')}</th>
                <th scope="col">{t('auditLog.company')}</th>
                <th scope="col">{t('auditLog.actor')}</th>
                <th scope="col">{t('auditLog.details')}</th>
              </tr>
            </thead>
            <tbody>
              {state.entries.map((entry) => (
                <tr key={entry._id}>
                  <td>{new Date(entry.createdAt).toLocaleString(document.documentElement.lang || 'en', { dateStyle: 'short', timeStyle: 'short' })}</td>
                  <td>
                    {auditActionLabel(t, entry.action)}
                    {/* The recorded code too, for an operator searching logs or the API. */}
                    <span className="audit-code"> ({entry.action})</span>
                  </td>
                  {/* No company: the platform's own entry (an admin's factor actions). */}
                  <td>{entry.companyName ?? t('auditLog.platform')}</td>
                  <td>{entry.actorEmail ?? entry.actorId}</td>
                  <td>
                    {Object.keys(entry.details).length ? (
                      <dl className="audit-details">
                        {auditDetails(t, entry.details).map(({ label, value }) => (
                          <div key={label}>
                            <dt>{label}</dt>
                            <dd>{value}</dd>
                          </div>
                        ))}
                      </dl>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <div className="audit-pages">
          <Button variant="secondary" disabled={state.page <= 1} onClick={() => setFilters({ ...filters, page: state.page - 1 })}>
            {t('auditLog.previous')}
          </Button>
          <Button variant="secondary" disabled={!state.hasMore} onClick={() => setFilters({ ...filters, page: state.page + 1 })}>
            {t('auditLog.next')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
