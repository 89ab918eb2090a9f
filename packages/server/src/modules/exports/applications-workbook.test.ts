import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ApplicantCursor, ApplicantRepository, ApplicantRow } from '../applicants/repository';
import { writeApplicationsWorkbook } from './applications-workbook';

function row(n: number): ApplicantRow {
  const id = n.toString(16).padStart(24, '0');
  return {
    id,
    candidate_id: id,
    channel_id: 'c'.repeat(24),
    channel_kind: 'SHARE',
    language: 'fr',
    referral_code: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    referrer: null,
    form: { firstName: `Zoé ${n}`, lastName: 'Łukasiewicz', email: `z${n}@example.org` },
    consent_given_at: new Date(0),
    created_at: new Date(n * 1000),
    cv_name: null,
    cv_upload_id: null,
    cover_letter_upload_id: null,
    cursor_at: `at-${n}`,
  };
}

/** A repository over `total` rows that records the cursors it was asked for. */
function fakeApplicants(total: number) {
  const cursors: Array<ApplicantCursor | undefined> = [];
  const repository = {
    channelIds: async () => ['c'.repeat(24)],
    batch: async (_company: string, _channels: readonly string[], cursor: ApplicantCursor | undefined, limit: number) => {
      cursors.push(cursor);
      // As a database would: the answer comes back on a later turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      const start = cursor ? Number(cursor.at.slice(3)) + 1 : 0;
      return Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => row(start + i));
    },
  } as unknown as ApplicantRepository;
  return { repository, cursors };
}

describe('writeApplicationsWorkbook', () => {
  it('reads keyset batches (each after the last row of the previous) and writes every row once', async () => {
    const { repository, cursors } = fakeApplicants(2500);
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const count = await writeApplicationsWorkbook({ stream, applicants: repository, companyId: 'x', openingId: 'y', categories: ['PERSONAL'], batchSize: 1000 });
    assert.equal(count, 2500);
    assert.deepEqual(cursors, [undefined, { at: 'at-999', id: row(999).id }, { at: 'at-1999', id: row(1999).id }]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    assert.equal(sheet?.rowCount, 2501);
    assert.equal(sheet?.getRow(2501).getCell(1).value, 'Zoé 2499');
  });

  it('stops reading when the download is closed', async () => {
    const { repository, cursors } = fakeApplicants(50_000);
    const stream = new PassThrough({ highWaterMark: 1024 });
    // Nobody reads: the stream fills up, then the client goes away.
    setTimeout(() => stream.destroy(), 50);
    await assert.rejects(
      writeApplicationsWorkbook({ stream, applicants: repository, companyId: 'x', openingId: 'y', categories: ['PERSONAL', 'OPERATIONAL'], batchSize: 1000 }),
      /aborted|destroyed/,
    );
    assert.ok(cursors.length < 50, `stopped early (${cursors.length} batches read)`);
  });
});
