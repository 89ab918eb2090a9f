import { fetchOpenings, isApiError, type OpeningResource } from '@rec/api-client';
import {
  addDashboardRecruiter,
  createDashboard,
  deleteDashboard,
  fetchDashboard,
  fetchDashboardResults,
  fetchDashboards,
  fetchShareableRecruiters,
  removeDashboardRecruiters,
  updateDashboard,
} from '@rec/api-client/insights';
import { DASHBOARD_MANAGE, DATE_PRESETS, type DashboardResource, type DashboardResults, type DatePreset, type GlobalQuery, type Panel, type ShareableRecruiter } from '@rec/core/insights';
import { $recruiterMe, can, showErrorToast, showToast } from '@rec/stores';
import { Button, Dialog, ErrorMessage, TextField } from '@rec/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { SelectField } from '../openings/shared';
import { adoptAnalyticsStyles } from './analytics-styles';
import { PanelCard } from './PanelCard';
import { PanelEditor } from './PanelEditor';
import { shareChanges } from './share-selection';
import { ShareDialog } from './ShareDialog';
import { type DashboardLook, hexa, UpsertEditor } from './UpsertEditor';

/** What the list guard loads (spec §2) and what is re-read after a PUT (spec §7). */
export const LIST_FIELDS = ['_id', 'name', 'color', 'panels'] as const;
const REREAD_FIELDS = ['name', 'color', 'panels', 'globalQuery'] as const;
const ENTRY = '/recruiter/analytics_new/dashboards';

type Open = 'edit' | 'panels' | 'share' | 'delete' | null;

/** Spec §8: a failed dashboard action is a generic error notice, also logged. */
function failed(error: unknown) {
  console.error('dashboard action failed', error);
  showErrorToast(isApiError(error) ? error.key : null);
}

/**
 * /recruiter/analytics_new/dashboards/{dashboard_id}: the dashboard's panels with charts, the
 * global date range and opening filter, and (with ANALYTICS:DASHBOARD:MANAGE) edit, panels,
 * share, duplicate and delete. Its chunk (with chart.js) loads only on this page.
 */
export default function DashboardPage({ dashboardId }: { dashboardId: string }) {
  adoptAnalyticsStyles();
  const t = useT();
  const locale = useStore($locale);
  const me = useStore($recruiterMe).resource;
  const manage = can(DASHBOARD_MANAGE);
  const [dashboards, setDashboards] = useState<DashboardResource[]>([]);
  const [dashboard, setDashboard] = useState<DashboardResource | null>(null);
  const [results, setResults] = useState<DashboardResults | null>(null);
  const [query, setQuery] = useState<GlobalQuery | null>(null);
  const [openings, setOpenings] = useState<OpeningResource[]>([]);
  const [recruiters, setRecruiters] = useState<ShareableRecruiter[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [look, setLook] = useState<DashboardLook>({ name: '', color: '#1E6FD9FF' });
  const actionsRef = useRef<HTMLDivElement | null>(null);
  useTitle(dashboard?.name ?? t('analytics.title'));

  const reload = useCallback(async () => {
    try {
      const [list, one] = await Promise.all([fetchDashboards(api, LIST_FIELDS), fetchDashboard(api, dashboardId)]);
      setDashboards(list);
      setDashboard(one);
      setQuery(one.globalQuery);
      setError(null);
    } catch (caught) {
      setError(isApiError(caught) ? caught.key : 'genericErrorTitle');
    }
  }, [dashboardId]);

  useEffect(() => {
    void reload();
    fetchOpenings(api, { page: 1, pageSize: 40, sort: 'title' })
      .then((page) => setOpenings(page.items))
      .catch(() => setOpenings([]));
  }, [reload]);

  // Every panel's numbers for the current filters (the saved global query, or a viewer's own look).
  useEffect(() => {
    if (!dashboard || !query) return;
    const controller = new AbortController();
    setResults(null);
    fetchDashboardResults(
      api,
      dashboard._id,
      { period: query.period, ...(query.period === 'CUSTOM' ? { from: query.from, to: query.to } : {}), openingIds: query.openingIds },
      controller.signal,
    )
      .then(setResults)
      .catch((caught) => {
        if (!controller.signal.aborted) failed(caught);
      });
    return () => controller.abort();
  }, [dashboard, query]);

  /** After an edit or share: re-read name, colour, panels and global query (spec §4, §7). */
  async function reread(id: string) {
    const fresh = await fetchDashboard(api, id, REREAD_FIELDS);
    setDashboard((current) => (current ? { ...current, ...fresh } : current));
    setQuery(fresh.globalQuery);
    setDashboards(await fetchDashboards(api, LIST_FIELDS));
  }

  async function save(patch: Partial<Pick<DashboardResource, 'name' | 'color' | 'panels' | 'globalQuery'>>, notice = true): Promise<boolean> {
    if (!dashboard) return false;
    setBusy(true);
    try {
      await updateDashboard(api, dashboard._id, {
        name: patch.name ?? dashboard.name,
        color: patch.color ?? dashboard.color,
        panels: patch.panels ?? dashboard.panels,
        globalQuery: patch.globalQuery ?? dashboard.globalQuery,
      });
      await reread(dashboard._id);
      if (notice) showToast({ tone: 'success', title: 'analytics.notices.saved' });
      return true;
    } catch (caught) {
      failed(caught);
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** A filter change: a manager saves it as the dashboard's global query; anyone else only looks. */
  function changeQuery(next: GlobalQuery) {
    if (next.period === 'CUSTOM' && (!next.from || !next.to || next.from > next.to)) {
      setQuery(next);
      return;
    }
    setQuery(next);
    if (manage) void save({ globalQuery: next }, false);
  }

  async function share(allowed: string[]) {
    if (!dashboard) return;
    const { add, remove } = shareChanges(dashboard.allowedRecruiters, allowed);
    setBusy(true);
    try {
      for (const recruiterId of add) await addDashboardRecruiter(api, dashboard._id, recruiterId);
      if (remove.length) await removeDashboardRecruiters(api, dashboard._id, remove);
      const fresh = await fetchDashboard(api, dashboard._id);
      setDashboard(fresh);
      showToast({ tone: 'success', title: 'analytics.notices.shared' });
      setOpen(null);
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  }

  async function duplicate() {
    if (!dashboard) return;
    setBusy(true);
    try {
      const copy = await createDashboard(api, {
        name: t('analytics.copyName', { name: dashboard.name }).slice(0, 80),
        color: dashboard.color,
        panels: dashboard.panels,
        globalQuery: dashboard.globalQuery,
      });
      showToast({ tone: 'success', title: 'analytics.notices.duplicated' });
      navigate(`${ENTRY}/${copy._id}`);
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!dashboard) return;
    setBusy(true);
    try {
      await deleteDashboard(api, dashboard._id);
      showToast({ tone: 'success', title: 'analytics.notices.deleted' });
      setOpen(null);
      navigate(ENTRY);
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  }

  async function openShare() {
    try {
      setRecruiters(await fetchShareableRecruiters(api));
      setOpen('share');
    } catch (caught) {
      failed(caught);
    }
  }

  if (error) return <ErrorMessage title={t(error)} message={t('analytics.loadFailed')} />;
  if (!dashboard || !query) return <p role="status">{t('analytics.loading')}</p>;

  const periodOptions = DATE_PRESETS.map((preset) => ({ value: preset, label: t(`analytics.periods.${preset}`) }));
  const openingOptions = [{ value: '', label: t('analytics.allOpenings') }, ...openings.map((opening) => ({ value: opening._id, label: opening.title }))];
  const resultOf = (panel: Panel) => results?.panels.find((result) => result.panelId === panel.id);
  const returnFocus = () => actionsRef.current?.querySelector('button') ?? null;

  return (
    <section className="analytics" aria-labelledby="dashboard-title">
      <nav className="analytics-nav" aria-label={t('analytics.dashboardsNav')}>
        <ul>
          {dashboards.map((item) => (
            <li key={item._id}>
              <a href={`${ENTRY}/${item._id}`} aria-current={item._id === dashboard._id ? 'page' : undefined}>
                <span className="analytics-swatch" style={{ background: item.color }} aria-hidden="true" />
                {item.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="analytics-header">
        <h1 id="dashboard-title" className="analytics-title">
          <span className="analytics-swatch" style={{ background: dashboard.color }} aria-hidden="true" data-testid="dashboard-color" data-color={dashboard.color} />
          {dashboard.name}
        </h1>
        {manage ? (
          <div className="analytics-actions" ref={actionsRef}>
            <Button
              variant="secondary"
              onClick={() => {
                setLook({ name: dashboard.name, color: hexa(dashboard.color) });
                setOpen('edit');
              }}
            >
              {t('analytics.actions.edit')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen('panels')}>
              {t('analytics.actions.panels')}
            </Button>
            <Button variant="secondary" onClick={() => void openShare()}>
              {t('analytics.actions.share')}
            </Button>
            <Button variant="secondary" onClick={() => void duplicate()} busy={busy && open === null}>
              {t('analytics.actions.duplicate')}
            </Button>
            <Button variant="secondary" className="rec-button-danger" onClick={() => setOpen('delete')}>
              {t('analytics.actions.delete')}
            </Button>
          </div>
        ) : (
          <p className="rec-field-hint">{t('analytics.readOnly')}</p>
        )}
      </div>

      <form className="analytics-filters" aria-label={t('analytics.filters')} onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t('analytics.period')}
          value={query.period}
          options={periodOptions}
          onChange={(event) => {
            const period = event.currentTarget.value as DatePreset;
            const today = new Date().toISOString().slice(0, 10);
            changeQuery(period === 'CUSTOM' ? { ...query, period, from: query.from ?? results?.from ?? today, to: query.to ?? results?.to ?? today } : { period, openingIds: query.openingIds });
          }}
        />
        {query.period === 'CUSTOM' ? (
          <>
            <TextField label={t('analytics.from')} type="date" value={query.from ?? ''} max={query.to} onChange={(event) => changeQuery({ ...query, from: event.currentTarget.value })} />
            <TextField label={t('analytics.to')} type="date" value={query.to ?? ''} min={query.from} onChange={(event) => changeQuery({ ...query, to: event.currentTarget.value })} />
          </>
        ) : null}
        <SelectField
          label={t('analytics.opening')}
          value={query.openingIds[0] ?? ''}
          options={openingOptions}
          onChange={(event) => changeQuery({ ...query, openingIds: event.currentTarget.value ? [event.currentTarget.value] : [] })}
        />
      </form>

      {results ? (
        <p className="rec-field-hint" role="status">
          {t('analytics.range', { from: results.from.split('-').reverse().join('/'), to: results.to.split('-').reverse().join('/') })}
        </p>
      ) : null}
      {dashboard.panels.length === 0 ? <p>{t('analytics.panels.none')}</p> : null}
      <ul className="analytics-panels">
        {dashboard.panels.map((panel) => (
          <PanelCard key={panel.id} panel={panel} result={resultOf(panel)} color={dashboard.color} locale={locale} />
        ))}
      </ul>

      {open === 'edit' ? (
        <Dialog
          open
          title={t('analytics.editor.title')}
          onClose={() => setOpen(null)}
          closeLabel={t('analytics.close')}
          busy={busy}
          returnFocus={returnFocus}
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(null)} disabled={busy}>
                {t('analytics.cancel')}
              </Button>
              <Button
                onClick={async () => {
                  if (look.name.trim() && (await save({ name: look.name.trim(), color: look.color }))) setOpen(null);
                }}
                busy={busy}
                disabled={!look.name.trim()}
              >
                {t('analytics.save')}
              </Button>
            </>
          }
        >
          <UpsertEditor value={look} onChange={setLook} nameError={look.name.trim() ? null : t('analytics.editor.nameRequired')} />
        </Dialog>
      ) : null}
      {open === 'panels' ? (
        <PanelEditor
          panels={dashboard.panels}
          busy={busy}
          onClose={() => setOpen(null)}
          onSave={async (panels) => {
            if (await save({ panels })) setOpen(null);
          }}
        />
      ) : null}
      {open === 'share' && me ? (
        <ShareDialog recruiters={recruiters} allowedRecruiters={dashboard.allowedRecruiters} meId={me._id} busy={busy} onClose={() => setOpen(null)} onSave={(allowed) => void share(allowed)} />
      ) : null}
      {open === 'delete' ? (
        <Dialog
          open
          role="alertdialog"
          title={t('analytics.confirmDelete.title')}
          onClose={() => setOpen(null)}
          closeLabel={t('analytics.close')}
          busy={busy}
          returnFocus={returnFocus}
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(null)} disabled={busy} data-autofocus="">
                {t('analytics.cancel')}
              </Button>
              <Button className="rec-button-danger" onClick={() => void remove()} busy={busy}>
                {t('analytics.confirmDelete.confirm')}
              </Button>
            </>
          }
        >
          <p>{t('analytics.confirmDelete.text', { name: dashboard.name })}</p>
        </Dialog>
      ) : null}
    </section>
  );
}
