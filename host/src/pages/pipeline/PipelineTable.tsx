import { candidateLabel, type PipelineItem, type PipelineSort, type PipelineStageCount } from '@rec/core/pipeline';
import { DataTable, type DataTableColumn, type SortState } from '@rec/ui';
import { useMemo } from 'react';
import { $locale } from '../../api';
import { useT } from '../../i18n';
import { formatDate } from '../openings/shared';
import { candidateHref } from './candidate-href';
import { MoveStageMenu } from './decisions/MoveStageMenu';
import { stageName } from './stage-label';
import { StepDots } from './StepDots';

const SORTABLE: Record<string, { ascending: PipelineSort; descending: PipelineSort }> = {
  name: { ascending: 'name', descending: '-name' },
  appliedAt: { ascending: 'appliedAt', descending: '-appliedAt' },
  stageSince: { ascending: 'stageSince', descending: '-stageSince' },
  stage: { ascending: 'stage', descending: 'stage' },
};

export function sortStateOf(sort: PipelineSort): SortState | null {
  const column = sort.replace(/^-/, '');
  if (!SORTABLE[column]) return null;
  return { column, direction: sort.startsWith('-') ? 'descending' : 'ascending' };
}

export function sortOf(state: SortState): PipelineSort | undefined {
  return SORTABLE[state.column]?.[state.direction];
}

export interface PipelineTableProps {
  openingId: string;
  stages: readonly PipelineStageCount[];
  items: readonly PipelineItem[];
  sort: PipelineSort;
  onSort: (sort: PipelineSort) => void;
  selected: ReadonlySet<string>;
  onSelect: (applicationId: string, selected: boolean) => void;
  canManage: boolean;
  busy: boolean;
  onMoved: () => void;
  onReject: (item: PipelineItem) => void;
}

/** The table view: the existing DataTable with a selection column and the decision menu per row. */
export function PipelineTable({ openingId, stages, items, sort, onSort, selected, onSelect, canManage, busy, onMoved, onReject }: PipelineTableProps) {
  const t = useT();
  const locale = $locale.get();
  const columns = useMemo<DataTableColumn<PipelineItem>[]>(() => {
    const stageOf = (id: string) => stageName(stages.find((stage) => stage.id === id), id, locale, t);
    const list: DataTableColumn<PipelineItem>[] = [
      {
        id: 'name',
        header: t('pipeline.columns.name'),
        sortable: true,
        rowHeader: true,
        cell: (row) => (
          <a href={candidateHref(openingId, row.candidateId)} data-review-item>
            {candidateLabel(row, t)}
          </a>
        ),
      },
      { id: 'email', header: t('pipeline.columns.email'), cell: (row) => row.email },
      {
        id: 'stage',
        header: t('pipeline.columns.stage'),
        sortable: true,
        cell: (row) => (row.withdrawn ? `${stageOf(row.stage)} · ${t('pipeline.withdrawn')}` : stageOf(row.stage)),
      },
      { id: 'stageSince', header: t('pipeline.columns.stageSince'), sortable: true, cell: (row) => formatDate(row.stageSince) },
      { id: 'appliedAt', header: t('pipeline.columns.appliedAt'), sortable: true, cell: (row) => formatDate(row.appliedAt) },
      { id: 'source', header: t('pipeline.columns.source'), cell: (row) => t(`pipeline.sources.${row.source}`) },
      { id: 'steps', header: t('pipeline.columns.steps'), cell: (row) => <StepDots steps={row.steps} /> },
    ];
    if (!canManage) return list;
    return [
      {
        id: 'select',
        header: t('pipeline.columns.select'),
        hiddenHeader: true,
        cell: (row) => (
          <input
            type="checkbox"
            className="pipeline-select"
            aria-label={t('pipeline.selectOne', { name: candidateLabel(row, t) })}
            checked={selected.has(row.applicationId)}
            onChange={(event) => onSelect(row.applicationId, event.target.checked)}
          />
        ),
      },
      ...list,
      {
        id: 'actions',
        header: t('pipeline.columns.actions'),
        hiddenHeader: true,
        cell: (row) => (
          <MoveStageMenu
            openingId={openingId}
            applicationIds={[row.applicationId]}
            stages={stages}
            currentStage={row.stage}
            candidateName={row.name}
            onDone={onMoved}
            onReject={() => onReject(row)}
          />
        ),
      },
    ];
  }, [t, locale, stages, openingId, canManage, selected, onSelect, onMoved, onReject]);

  return (
    <DataTable
      caption={t('pipeline.caption')}
      columns={columns}
      rows={items}
      rowKey={(row) => row.applicationId}
      sort={sortStateOf(sort)}
      onSort={(state) => {
        const next = sortOf(state);
        if (next) onSort(next);
      }}
      sortLabel={(column, next) => t('openings.sortBy', { column, direction: t(`openings.sort.${next}`) })}
      empty={busy ? t('pipeline.loading') : t('pipeline.empty')}
      busy={busy}
    />
  );
}
