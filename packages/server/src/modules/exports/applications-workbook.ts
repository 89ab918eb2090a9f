import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { DEFAULT_LOCALE, type ExportCategory, toLocale } from '@rec/core';
import ExcelJS from 'exceljs';
import { serverT } from '../../i18n/server-texts';
import type { ApplicantCursor, ApplicantRepository, ApplicantRow } from '../applicants/repository';
import { type CellContext, exportColumns } from './columns';
import { escapeCell } from './escape-cell';

/** Rows read per query: large enough to be fast, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * Writes the applications of one opening as an xlsx workbook into `stream`, reading them in
 * keyset batches and committing each row as it goes (exceljs streaming writer, no shared strings
 * or styles), so memory stays bounded whatever the number of applications. Text cells are
 * escaped against formula injection. `beforeFinish` runs once every row is written and before the
 * workbook is closed (the audit record: an export that cannot be recorded is not completed).
 * The sheet and column names, and the labels of coded answers (gender, channel, yes/no), are in
 * `language` (the recruiter's); dates are date cells shown DD/MM/YYYY; other cells hold the data as stored.
 * Answers the number of application rows.
 */
export async function writeApplicationsWorkbook(options: {
  stream: Writable;
  applicants: ApplicantRepository;
  companyId: string;
  openingId: string;
  categories: readonly ExportCategory[];
  /** Only these applications (the pipeline's selection); empty or absent: every application. */
  applicationIds?: readonly string[];
  /** A supported locale for the sheet and column names (anything else: en). */
  language?: string;
  batchSize?: number;
  beforeFinish?: (rowCount: number) => Promise<void>;
}): Promise<number> {
  const { stream, applicants, companyId, openingId, categories, language, batchSize = EXPORT_BATCH_SIZE, applicationIds = [] } = options;
  const columns = exportColumns(categories);
  const t = serverT(language, 'export');
  const context: CellContext = { t, language: toLocale(language) ?? DEFAULT_LOCALE };
  // Styles carry the date cells' DD/MM/YYYY format; still no shared strings (memory stays flat).
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t('sheetName'));
  sheet.columns = columns.map((column) => ({ key: column.key, width: column.width }));
  const dateColumns = columns.flatMap((column, index) => (column.numFmt ? [{ number: index + 1, numFmt: column.numFmt }] : []));
  sheet.addRow(columns.map((column) => t(`columns.${column.key}`))).commit();

  const channelIds = await applicants.channelIds(companyId, openingId);
  let rowCount = 0;
  // The next batch is read while the current one is written: at most two batches in memory.
  let next: Promise<ApplicantRow[]> | undefined = applicants.batch(companyId, channelIds, undefined, batchSize, applicationIds);
  while (next) {
    const rows: ApplicantRow[] = await next;
    const last = rows.at(-1);
    const cursor: ApplicantCursor | undefined = last && rows.length === batchSize ? { at: last.cursor_at, id: last.id } : undefined;
    next = cursor ? applicants.batch(companyId, channelIds, cursor, batchSize, applicationIds) : undefined;
    for (const row of rows) {
      const sheetRow = sheet.addRow(
        columns.map((column) => {
          const value = column.value(row, context);
          return typeof value === 'string' ? escapeCell(value) : value;
        }),
      );
      for (const { number, numFmt } of dateColumns) if (sheetRow.getCell(number).value instanceof Date) sheetRow.getCell(number).numFmt = numFmt;
      sheetRow.commit();
    }
    rowCount += rows.length;
    // A slow client holds the next batch back instead of the server buffering the whole file;
    // a client that went away stops the export (no more reads for nobody).
    if (!stream.destroyed && stream.writableNeedDrain) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
    if (stream.destroyed) {
      next?.catch(() => undefined);
      throw new Error('applications export aborted: the download was closed');
    }
  }
  await options.beforeFinish?.(rowCount);
  sheet.commit();
  // exceljs waits for the stream to take the whole file: a closed download would keep it waiting.
  const committed = workbook.commit().then(() => true);
  const closed = stream.destroyed ? Promise.resolve(false) : once(stream, 'close').then(() => false, () => false);
  if (!(await Promise.race([committed, closed])) && !stream.writableFinished) {
    committed.catch(() => undefined);
    throw new Error('applications export aborted: the download was closed');
  }
  await committed;
  return rowCount;
}
