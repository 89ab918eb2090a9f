import { isApiError } from '@rec/api-client';
import { createDashboard, fetchDashboards } from '@rec/api-client/insights';
import { DASHBOARD_MANAGE, defaultPanels } from '@rec/core/insights';
import { can, showErrorToast, showToast } from '@rec/stores';
import { Button, ErrorMessage } from '@rec/ui';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { useTitle } from '../../title';
import { adoptAnalyticsStyles } from './analytics-styles';
import { type DashboardLook, UpsertEditor } from './UpsertEditor';

const ENTRY = '/recruiter/analytics_new/dashboards';
const LIST_FIELDS = ['_id', 'name', 'color', 'panels'];

/**
 * /recruiter/analytics_new and /recruiter/analytics_new/dashboards: loads the dashboards list
 * (fields _id, name, color, panels, spec §2) and goes to the first in loaded order; with none, a
 * page that creates the first one (name and colour; the default panels) for a recruiter who may.
 */
export default function DashboardsEntryPage() {
  adoptAnalyticsStyles();
  const t = useT();
  const [state, setState] = useState<'loading' | 'empty' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [look, setLook] = useState<DashboardLook>({ name: '', color: '#1E6FD9FF' });
  const [busy, setBusy] = useState(false);
  useTitle(t('analytics.title'));

  useEffect(() => {
    let current = true;
    fetchDashboards(api, LIST_FIELDS)
      .then((list) => {
        if (!current) return;
        const first = list[0];
        if (first) navigate(`${ENTRY}/${first._id}`, { replace: true });
        else setState('empty');
      })
      .catch((caught) => {
        if (!current) return;
        setError(isApiError(caught) ? caught.key : 'genericErrorTitle');
        setState('error');
      });
    return () => {
      current = false;
    };
  }, []);

  async function create() {
    setBusy(true);
    try {
      const created = await createDashboard(api, { name: look.name.trim(), color: look.color, panels: defaultPanels() });
      showToast({ tone: 'success', title: 'analytics.notices.created' });
      navigate(`${ENTRY}/${created._id}`);
    } catch (caught) {
      console.error('dashboard creation failed', caught);
      showErrorToast(isApiError(caught) ? caught.key : null);
    } finally {
      setBusy(false);
    }
  }

  if (state === 'loading') return <p role="status">{t('analytics.loading')}</p>;
  if (state === 'error') return <ErrorMessage title={t(error ?? 'genericErrorTitle')} message={t('analytics.loadFailed')} />;
  return (
    <section className="analytics-empty" aria-labelledby="analytics-empty-title">
      <h1 id="analytics-empty-title">{t('analytics.empty.title')}</h1>
      {can(DASHBOARD_MANAGE) ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (look.name.trim()) void create();
          }}
        >
          <p>{t('analytics.empty.text')}</p>
          <UpsertEditor value={look} onChange={setLook} />
          <Button type="submit" busy={busy} disabled={!look.name.trim()}>
            {t('analytics.empty.create')}
          </Button>
        </form>
      ) : (
        <p>{t('analytics.empty.nothingShared')}</p>
      )}
    </section>
  );
}
