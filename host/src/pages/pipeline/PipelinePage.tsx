import { errorKeyFromUnknown } from '@rec/api-client';
import { DATA_TABLE, PERMISSIONS } from '@rec/core';
import { PIPELINE_SOURCES, type PipelineItem, type PipelineResponse, type PipelineSource } from '@rec/core/pipeline';
import { STEP_STATUSES } from '@rec/core/steps';
import { $opening, can, showErrorToast, showToast } from '@rec/stores';
import { Button, Dialog, ErrorMessage, Loading, Pagination, pageRange, TextField } from '@rec/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $locale } from '../../api';
import { useT } from '../../i18n';
import { useCoalesced, useRealtime } from '../../realtime';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { ExportDialog } from '../openings/ExportDialog';
import { SelectField } from '../openings/shared';
import { MoveStageMenu } from './decisions/MoveStageMenu';
import { RejectDialog } from './decisions/RejectDialog';
import { PipelineBoard } from './PipelineBoard';
import { PipelineTable } from './PipelineTable';
import { fetchPipeline, moveStage, type PipelineQueryState } from './pipeline-api';
import { adoptPipelineStyles } from './pipeline-styles';
import { nextIndex, reviewKeyAction } from './review-keys';
import { stageName } from './stage-label';
import { type BoardLoad, useBoardPages } from './use-board-pages';

const VIEW_KEY = 'rec.pipeline.view';
/** Search waits this long after the last key. */
const SEARCH_DEBOUNCE_MS = 300;
const NO_ITEMS: readonly PipelineItem[] = [];

function rememberedView(): 'board' | 'table' {
  try {
    return localStorage.getItem(VIEW_KEY) === 'table' ? 'table' : 'board';
  } catch {
    return 'board';
  }
}

/** /recruiter/openings/{id}/candidates: the opening's pipeline as a board or a table, with decisions. */
export default function PipelinePage() {
  const t = useT();
  adoptPipelineStyles();
  const opening = useStore($opening);
  const locale = $locale.get();
  const canManage = can(PERMISSIONS.candidatesManage);
  const [query, setQuery] = useState<PipelineQueryState>(() => ({
    view: rememberedView(),
    stage: '',
    stepStatus: '',
    source: '',
    campaign: '',
    q: '',
    sort: '-appliedAt',
    page: 1,
    rowsPerPage: DATA_TABLE.rowsPerPage,
  }));
  const [search, setSearch] = useState('');
  const [campaign, setCampaign] = useState('');
  const [data, setData] = useState<PipelineResponse | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  /** `item`: one card's rejection from the board (it follows the card to the rejected column). */
  const [rejecting, setRejecting] = useState<{ ids: string[]; name?: string; item?: PipelineItem } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [help, setHelp] = useState(false);
  const [tick, setTick] = useState(0);
  const root = useRef<HTMLElement | null>(null);
  const board = useBoardPages(opening?._id, data?.items ?? NO_ITEMS, root);
  /** The query of the last load: the same one again is a reload (the board keeps its added pages). */
  const loadedQuery = useRef<PipelineQueryState | null>(null);
  useTitle(opening ? t('pipeline.pageTitle', { title: opening.title }) : t('pipeline.title'));

  const openingId = opening?._id;
  useEffect(() => {
    if (!openingId) return;
    const controller = new AbortController();
    setLoading(true);
    const fresh = loadedQuery.current !== query;
    loadedQuery.current = query;
    const load: Promise<BoardLoad> =
      query.view === 'board'
        ? board.load(openingId, query, controller.signal, fresh)
        : fetchPipeline(openingId, query, controller.signal).then((answer) => ({ answer, apply: () => undefined }));
    load.then(
      ({ answer, apply }) => {
        apply();
        setData(answer);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorKeyFromUnknown(failure));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [openingId, query, tick, board.load]);

  useEffect(() => {
    if (search.trim() === query.q) return;
    const timer = setTimeout(() => setQuery((current) => ({ ...current, q: search.trim(), page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, query.q]);

  useEffect(() => {
    if (campaign.trim() === query.campaign) return;
    const timer = setTimeout(() => setQuery((current) => ({ ...current, campaign: campaign.trim(), page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [campaign, query.campaign]);

  const reload = useCallback(() => setTick((value) => value + 1), []);
  // Live (issue 15): a new application, a decision made elsewhere, a step finished: the same reload as the button.
  const live = useCoalesced(reload);
  const followed = openingId ? { openingId } : null;
  useRealtime('APPLICATION_CREATED', followed, live);
  useRealtime('CANDIDATE_UPDATED', followed, live);
  useRealtime('APPLICATION_STEP_FINISHED', followed, live);
  const afterDecision = useCallback(() => {
    setSelected(new Set());
    reload();
  }, [reload]);
  const onReject = useCallback((item: PipelineItem) => setRejecting({ ids: [item.applicationId], name: item.name, item }), []);
  const { moved } = board;
  const afterBoardMove = useCallback(
    (item: PipelineItem, stage: string) => {
      moved(item, stage);
      reload();
    },
    [moved, reload],
  );
  const onSelect = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  function setView(view: 'board' | 'table') {
    try {
      localStorage.setItem(VIEW_KEY, view);
    } catch {
      // Storage may be disabled: the choice lasts for this visit.
    }
    setSelected(new Set());
    setQuery((current) => ({ ...current, view, page: 1, rowsPerPage: DATA_TABLE.rowsPerPage }));
  }

  async function dropMove(item: PipelineItem, stage: string) {
    try {
      await moveStage(openingId as string, item.applicationId, stage);
      showToast({ tone: 'success', title: 'decisions.moved', values: { stage: stageName(data?.stages.find((s) => s.id === stage), stage, locale, t), count: 1 } });
      afterBoardMove(item, stage);
    } catch (failure) {
      showErrorToast(errorKeyFromUnknown(failure));
    }
  }

  // The review keys work anywhere on the page but in fields, menus and dialogs.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = reviewKeyAction(event, event.target);
      if (!action) return;
      if (action === 'help') {
        event.preventDefault();
        setHelp(true);
        return;
      }
      const items = [...(root.current?.querySelectorAll<HTMLElement>('[data-review-item]') ?? [])];
      const current = items.indexOf(document.activeElement as HTMLElement);
      if (action === 'move') {
        const holder = (document.activeElement as HTMLElement | null)?.closest('[data-review-card], tr');
        const button = holder?.querySelector<HTMLButtonElement>('.pipeline-move button');
        if (current >= 0 && button) {
          event.preventDefault();
          // A click opens the menu on its first item (keyboard focus moves into it).
          button.click();
        }
        return;
      }
      // Arrows only review when a candidate has focus (elsewhere they scroll the page).
      if (event.key.startsWith('Arrow') && current < 0) return;
      const index = nextIndex(items.length, current, action);
      if (index < 0) return;
      event.preventDefault();
      items[index]?.focus();
      items[index]?.scrollIntoView({ block: 'nearest' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!opening) return <Loading label={t('pipeline.loading')} />;
  const stages = data?.stages ?? [];
  const total = data?.total ?? 0;
  const { from, to } = pageRange(query.page, query.rowsPerPage, total);
  const pages = Math.max(1, Math.ceil(total / query.rowsPerPage));
  const selection = [...selected];
  const allOnPage = query.view === 'table' && !!data?.items.length && data.items.every((item) => selected.has(item.applicationId));

  return (
    <section className="pipeline" aria-labelledby="pipeline-title" ref={root}>
      <p>
        <a href={`/recruiter/openings/${opening._id}`}>{t('pipeline.backToOpening', { title: opening.title })}</a>
      </p>
      <div className="page-header">
        <h1 id="pipeline-title">{t('pipeline.pageTitle', { title: opening.title })}</h1>
        <div className="pipeline-toolbar">
          <fieldset className="pipeline-views">
            <legend className="rec-sr-only">{t('pipeline.viewLabel')}</legend>
            {(['board', 'table'] as const).map((view) => (
              <button key={view} type="button" className={`rec-button rec-button-secondary${query.view === view ? ' pipeline-view-current' : ''}`} aria-pressed={query.view === view} onClick={() => setView(view)}>
                {t(`pipeline.views.${view}`)}
              </button>
            ))}
          </fieldset>
          <Button variant="secondary" onClick={reload} busy={loading}>
            {t('pipeline.refresh')}
          </Button>
          <Button variant="secondary" onClick={() => setHelp(true)} aria-keyshortcuts="?">
            {t('pipeline.keysButton')}
          </Button>
        </div>
      </div>
      <p className="pipeline-summary" aria-live="polite">
        {stages.map((stage) => `${stageName(stage, stage.id, locale, t)}: ${stage.count}`).join(' · ')}
      </p>
      <search className="pipeline-filters" aria-label={t('pipeline.filtersLabel')}>
        <TextField label={t('pipeline.search')} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        {query.view === 'table' ? (
          <SelectField
            label={t('pipeline.filters.stage')}
            value={query.stage}
            onChange={(event) => setQuery((current) => ({ ...current, stage: event.target.value, page: 1 }))}
            options={[{ value: '', label: t('pipeline.filters.allStages') }, ...stages.map((stage) => ({ value: stage.id, label: stageName(stage, stage.id, locale, t) }))]}
          />
        ) : null}
        <SelectField
          label={t('pipeline.filters.stepStatus')}
          value={query.stepStatus}
          onChange={(event) => setQuery((current) => ({ ...current, stepStatus: event.target.value, page: 1 }))}
          options={[{ value: '', label: t('pipeline.filters.anyStepStatus') }, ...STEP_STATUSES.map((status) => ({ value: status, label: t(`pipeline.stepStatus.${status}`) }))]}
        />
        <SelectField
          label={t('pipeline.filters.source')}
          value={query.source}
          onChange={(event) => setQuery((current) => ({ ...current, source: event.target.value as PipelineSource | '', page: 1 }))}
          options={[{ value: '', label: t('pipeline.filters.allSources') }, ...PIPELINE_SOURCES.map((source) => ({ value: source, label: t(`pipeline.sources.${source}`) }))]}
        />
        <TextField label={t('sources.campaignFilter')} type="search" value={campaign} onChange={(event) => setCampaign(event.target.value)} />
      </search>
      {error ? <ErrorMessage title={t(error)} message={t('pipeline.loadFailed')} retryLabel={t('pipeline.retry')} onRetry={reload} /> : null}
      {!data && loading ? <Loading label={t('pipeline.loading')} /> : null}
      {data && query.view === 'board' ? (
        <PipelineBoard
          openingId={opening._id}
          stages={stages}
          columns={board.columns}
          canManage={canManage}
          onMoved={afterBoardMove}
          onReject={onReject}
          loadingStage={board.loadingStage}
          onShowMore={(stage) => void board.showMore(stage, query)}
          onDropMove={(item, stage) => void dropMove(item, stage)}
          onShowStage={(stage) => {
            try {
              localStorage.setItem(VIEW_KEY, 'table');
            } catch {
              // The choice lasts for this visit.
            }
            setQuery((current) => ({ ...current, view: 'table', stage, page: 1, rowsPerPage: DATA_TABLE.rowsPerPage }));
          }}
        />
      ) : null}
      {data && query.view === 'table' ? (
        <>
          {canManage ? (
            <section className="pipeline-bulk" aria-label={t('pipeline.bulk.label')}>
              <label className="pipeline-select-all">
                <input
                  type="checkbox"
                  checked={allOnPage}
                  onChange={(event) => {
                    const on = event.target.checked;
                    setSelected((current) => {
                      const next = new Set(current);
                      for (const item of data.items) {
                        if (on) next.add(item.applicationId);
                        else next.delete(item.applicationId);
                      }
                      return next;
                    });
                  }}
                />
                {t('pipeline.bulk.selectPage')}
              </label>
              <span aria-live="polite">{t('pipeline.bulk.selected', { count: selection.length })}</span>
              {selection.length ? (
                <>
                  <MoveStageMenu openingId={opening._id} applicationIds={selection} stages={stages} onDone={afterDecision} />
                  <Button variant="secondary" className="rec-button-danger" onClick={() => setRejecting({ ids: selection })}>
                    {t('pipeline.bulk.reject')}
                  </Button>
                  {can(PERMISSIONS.applicantsDataExport) ? (
                    <Button variant="secondary" onClick={() => setExporting(true)}>
                      {t('pipeline.bulk.export')}
                    </Button>
                  ) : null}
                  <Button variant="link" onClick={() => setSelected(new Set())}>
                    {t('pipeline.bulk.clear')}
                  </Button>
                </>
              ) : null}
            </section>
          ) : null}
          <PipelineTable
            openingId={opening._id}
            stages={stages}
            items={data.items}
            sort={query.sort}
            onSort={(sort) => setQuery((current) => ({ ...current, sort, page: 1 }))}
            selected={selected}
            onSelect={onSelect}
            canManage={canManage}
            busy={loading}
            onMoved={afterDecision}
            onReject={onReject}
          />
          <Pagination
            page={query.page}
            pageSize={query.rowsPerPage}
            total={total}
            onPage={(page) => setQuery((current) => ({ ...current, page }))}
            onPageSize={(size) => setQuery((current) => ({ ...current, rowsPerPage: size, page: 1 }))}
            labels={{
              navigation: t('dataTable.navigation', { name: t('pipeline.title') }),
              rowsPerPage: t('dataTable.rowsPerPage'),
              range: t('dataTable.range', { from, to, total }),
              pageOf: t('dataTable.pageOf', { page: query.page, pages }),
              previous: t('dataTable.previous'),
              next: t('dataTable.next'),
            }}
          />
        </>
      ) : null}
      {rejecting ? (
        <RejectDialog
          openingId={opening._id}
          applicationIds={rejecting.ids}
          open
          {...(rejecting.name ? { candidateName: rejecting.name } : {})}
          onClose={() => setRejecting(null)}
          onDone={() => {
            const rejected = stages.find((stage) => stage.kind === 'rejected');
            if (rejecting.item && rejected && query.view === 'board') moved(rejecting.item, rejected.id);
            afterDecision();
          }}
        />
      ) : null}
      <ExportDialog opening={opening} open={exporting} onClose={() => setExporting(false)} applicationIds={selection} />
      <Dialog open={help} title={t('pipeline.keys.title')} onClose={() => setHelp(false)} closeLabel={t('decisions.close')}>
        <dl className="pipeline-keys">
          {(['next', 'previous', 'open', 'move', 'help'] as const).map((key) => (
            <div key={key}>
              <dt>
                <kbd>{t(`pipeline.keys.${key}Key`)}</kbd>
              </dt>
              <dd>{t(`pipeline.keys.${key}`)}</dd>
            </div>
          ))}
        </dl>
      </Dialog>
    </section>
  );
}
