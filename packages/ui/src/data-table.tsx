import { DATA_TABLE } from '@rec/core';
import { type ReactNode, useId } from 'react';

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  column: string;
  direction: SortDirection;
}

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Sortable columns get a button in their header and aria-sort. */
  sortable?: boolean;
  /** The first column names the row (a row header). */
  rowHeader?: boolean;
  /** Header text only for assistive technology (e.g. the actions column). */
  hiddenHeader?: boolean;
}

export interface DataTableProps<Row> {
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sort?: SortState | null;
  onSort?: (sort: SortState) => void;
  /** Shown in one cell across the table when there are no rows. */
  empty: string;
  busy?: boolean;
  /** "Sort by {{column}}" style label builder for the header buttons. */
  sortLabel?: (header: string, next: SortDirection) => string;
}

/**
 * A data table: a real <table> with caption, column headers (scope=col), a row header, and
 * sortable headers as buttons whose column carries aria-sort (only the sorted one, as the
 * WAI-ARIA sortable table does).
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, sort, onSort, empty, busy = false, sortLabel }: DataTableProps<Row>) {
  return (
    // A wide table scrolls sideways inside its region, which keyboard users reach with Tab (WCAG 2.1.1).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled without a mouse
    <section className="rec-table-wrap" aria-label={caption} tabIndex={0}>
      <table className="rec-table" aria-busy={busy || undefined}>
        <caption className="rec-table-caption">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sort?.column === column.id ? sort.direction : undefined;
              const next: SortDirection = sorted === 'ascending' ? 'descending' : 'ascending';
              return (
                <th key={column.id} scope="col" aria-sort={column.sortable ? (sorted ?? 'none') : undefined}>
                  {column.sortable && onSort ? (
                    <button
                      type="button"
                      className="rec-table-sort"
                      onClick={() => onSort({ column: column.id, direction: next })}
                      title={sortLabel?.(column.header, next)}
                    >
                      {column.header}
                      <span aria-hidden="true" className="rec-table-sort-icon">
                        {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : column.hiddenHeader ? (
                    <span className="rec-sr-only">{column.header}</span>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length ? (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.id} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id}>{column.cell(row)}</td>
                  ),
                )}
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={columns.length} className="rec-table-empty">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  options?: readonly number[];
  labels: {
    /** The navigation landmark's name. */
    navigation: string;
    rowsPerPage: string;
    /** e.g. "21–40 of 45" (already filled in). */
    range: string;
    previous: string;
    next: string;
    /** e.g. "Page 2 of 3" (already filled in). */
    pageOf: string;
  };
}

/** Rows per page (spec §9: 20, 30, 40), the range shown out of the total, previous and next. */
export function Pagination({ page, pageSize, total, onPage, onPageSize, options = DATA_TABLE.rowsPerPageOptions, labels }: PaginationProps) {
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="rec-pagination" aria-label={labels.navigation}>
      <div className="rec-pagination-size">
        <label htmlFor={`${id}-size`}>{labels.rowsPerPage}</label>
        <select id={`${id}-size`} className="rec-input" value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <p className="rec-pagination-range" aria-live="polite">
        {labels.range}
        <span className="rec-pagination-pages"> · {labels.pageOf}</span>
      </p>
      <div className="rec-pagination-buttons">
        <button type="button" className="rec-button rec-button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {labels.previous}
        </button>
        <button type="button" className="rec-button rec-button-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {labels.next}
        </button>
      </div>
    </nav>
  );
}

/** The first and last row numbers of a page (1-based; 0–0 when empty). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (!total) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize) };
}
