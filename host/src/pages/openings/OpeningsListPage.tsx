import { OPENING_STATUSES, type OpeningResource, type OpeningSort, type OpeningStatus } from '@rec/api-client';
import { PERMISSIONS } from '@rec/core';
import { $openings, can, loadOpenings } from '@rec/stores';
import { DataTable, type DataTableColumn, ErrorMessage, Pagination, pageRange, type SortState, TextField } from '@rec/ui';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api';
import { useT } from '../../i18n';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { OpeningActions } from './OpeningActions';
import { formatDate, SelectField, StatusBadge } from './shared';
import { VisibleOn } from './Visibility';

/** Search waits this long after the last key (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

const SORTABLE: Record<string, { ascending: OpeningSort; descending: OpeningSort }> = {
  title: { ascending: 'title', descending: '-title' },
  updatedAt: { ascending: 'updatedAt', descending: '-updatedAt' },
  createdAt: { ascending: 'createdAt', descending: '-createdAt' },
};

/** The API's sort value as the table's sort state. */
export function sortStateOf(sort: OpeningSort | undefined): SortState | null {
  if (!sort) return null;
  const column = sort.replace(/^-/, '');
  if (!SORTABLE[column]) return null;
  return { column, direction: sort.startsWith('-') ? 'descending' : 'ascending' };
}

/** /recruiter/openings: the company's openings, paged, searchable, filterable and sortable. */
export function OpeningsListPage() {
  const t = useT();
  const state = useStore($openings);
  const { query, page, loading, error } = state;
  const [search, setSearch] = useState(query.search ?? '');
  useTitle(t('openings.title'));

  // First visit or coming back: (re)load with the remembered query.
  useEffect(() => {
    void loadOpenings(api, $openings.get().query);
  }, []);

  useEffect(() => {
    if ((query.search ?? '') === search.trim()) return;
    const timer = setTimeout(() => void loadOpenings(api, { ...$openings.get().query, search: search.trim(), page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, query.search]);

  const reload = () => void loadOpenings(api, $openings.get().query);

  const columns = useMemo<DataTableColumn<OpeningResource>[]>(
    () => [
      {
        id: 'title',
        header: t('openings.columns.title'),
        sortable: true,
        rowHeader: true,
        cell: (row) => <a href={`/recruiter/openings/${row._id}`}>{row.title}</a>,
      },
      { id: 'referenceCode', header: t('openings.columns.referenceCode'), cell: (row) => row.referenceCode ?? '' },
      { id: 'status', header: t('openings.columns.status'), cell: (row) => <StatusBadge status={row.status} /> },
      { id: 'visibleOn', header: t('visibility.column'), cell: (row) => <VisibleOn opening={row} /> },
      {
        id: 'applications',
        header: t('openings.columns.applications'),
        // The pipeline of the opening (issue 11): the count leads to its candidates.
        cell: (row) => (
          <a href={`/recruiter/openings/${row._id}/candidates`} aria-label={t('pipeline.candidatesOf', { title: row.title, count: row.applicationsCount ?? 0 })}>
            {row.applicationsCount ?? 0}
          </a>
        ),
      },
      { id: 'postings', header: t('openings.columns.postings'), cell: (row) => row.postingsCount ?? 0 },
      { id: 'createdAt', header: t('openings.columns.createdAt'), sortable: true, cell: (row) => formatDate(row.createdAt) },
      { id: 'updatedAt', header: t('openings.columns.updatedAt'), sortable: true, cell: (row) => formatDate(row.updatedAt) },
      {
        id: 'actions',
        header: t('openings.columns.actions'),
        hiddenHeader: true,
        cell: (row) => <OpeningActions opening={row} onChanged={reload} />,
      },
    ],
    [t],
  );

  const total = page?.total ?? 0;
  const { from, to } = pageRange(query.page, query.pageSize, total);
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const statusFilter = query.status?.[0] ?? '';

  return (
    <section className="openings" aria-labelledby="openings-title">
      <div className="page-header">
        <h1 id="openings-title">{t('openings.title')}</h1>
        {can(PERMISSIONS.openingsCreate) ? (
          <a className="rec-button rec-button-primary" href="/recruiter/openings/create">
            {t('openings.create')}
          </a>
        ) : null}
      </div>
      <search className="openings-filters" aria-label={t('openings.searchRegion')}>
        <TextField label={t('openings.searchLabel')} hint={t('openings.searchHint')} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <SelectField
          label={t('openings.statusFilter')}
          value={statusFilter}
          onChange={(event) => {
            const value = event.target.value as OpeningStatus | '';
            void loadOpenings(api, { ...query, page: 1, status: value ? [value] : [] });
          }}
          options={[{ value: '', label: t('openings.allStatuses') }, ...OPENING_STATUSES.map((status) => ({ value: status, label: t(`openings.status.${status}`) }))]}
        />
      </search>
      {error ? <ErrorMessage title={t(error)} message={t('openings.loadFailed')} retryLabel={t('openings.retry')} onRetry={reload} /> : null}
      <DataTable
        caption={t('openings.caption')}
        columns={columns}
        rows={page?.items ?? []}
        rowKey={(row) => row._id}
        sort={sortStateOf(query.sort)}
        onSort={(sort) => {
          const value = SORTABLE[sort.column]?.[sort.direction];
          if (value) void loadOpenings(api, { ...query, sort: value, page: 1 });
        }}
        sortLabel={(column, next) => t('openings.sortBy', { column, direction: t(`openings.sort.${next}`) })}
        empty={loading && !page ? t('openings.loading') : t('openings.empty')}
        busy={loading}
      />
      <Pagination
        page={query.page}
        pageSize={query.pageSize}
        total={total}
        onPage={(next) => void loadOpenings(api, { ...query, page: next })}
        onPageSize={(size) => void loadOpenings(api, { ...query, pageSize: size, page: 1 })}
        labels={{
          navigation: t('dataTable.navigation', { name: t('openings.title') }),
          rowsPerPage: t('dataTable.rowsPerPage'),
          range: t('dataTable.range', { from, to, total }),
          pageOf: t('dataTable.pageOf', { page: query.page, pages }),
          previous: t('dataTable.previous'),
          next: t('dataTable.next'),
        }}
      />
    </section>
  );
}
