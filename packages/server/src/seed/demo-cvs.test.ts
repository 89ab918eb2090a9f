import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPostgresStorage } from '../modules/storage/drivers/postgres';
import { pdfText } from '../testing/pdf-text';
import { describeEachBackend } from '../testing/test-database';
import { cvPdf } from './cv-pdf';
import { seedDemoCvs } from './demo-cvs';

/**
 * Checks the structure a PDF reader relies on: header, every xref entry pointing at its
 * `n 0 obj`, startxref pointing at the table, a trailer with Root, a content stream whose
 * /Length is its real length, and %%EOF. Answers the text shown by the Tj operators.
 */
function readPdf(bytes: Buffer): string[] {
  const pdf = bytes.toString('latin1');
  assert.ok(pdf.startsWith('%PDF-1.'), 'header');
  assert.ok(pdf.trimEnd().endsWith('%%EOF'), 'end marker');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(pdf)?.[1]);
  assert.equal(pdf.slice(startxref, startxref + 4), 'xref', 'startxref points at the table');
  const table = /^xref\n0 (\d+)\n([\s\S]*?)trailer/.exec(pdf.slice(startxref));
  assert.ok(table, 'xref table');
  const entries = (table[2] ?? '').trim().split('\n');
  assert.equal(entries.length, Number(table[1]));
  entries.slice(1).forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    assert.equal(pdf.slice(offset, offset + `${index + 1} 0 obj`.length), `${index + 1} 0 obj`, `object ${index + 1} offset`);
  });
  assert.match(pdf, /trailer\n<< \/Size \d+ \/Root 1 0 R/);
  const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(pdf);
  assert.ok(stream);
  assert.equal(Buffer.byteLength(stream[2] ?? '', 'latin1'), Number(stream[1]), 'stream length');
  return [...(stream[2] ?? '').matchAll(/\((.*)\) Tj/g)].map((match) => (match[1] ?? '').replace(/\\([\\()])/g, '$1'));
}

describe('cvPdf', () => {
  it('writes a structurally valid PDF with the given lines, escaping parentheses and keeping Latin-1 accents', () => {
    const bytes = cvPdf([{ text: 'Zoé Müller (CV)', size: 20 }, { text: 'Łukasz \\ Kowalski' }], 'CV Zoé');
    const lines = readPdf(bytes);
    assert.deepEqual(lines, ['Zoé Müller (CV)', 'Lukasz \\ Kowalski']);
  });

  it('opens in PDF.js with its text readable', async () => {
    const bytes = cvPdf([{ text: 'Zoé Müller (CV)', size: 20 }, { text: 'Łukasz Kowalski' }], 'CV Zoé');
    assert.deepEqual(await pdfText(bytes), [['Zoé Müller (CV)', 'Lukasz Kowalski']]);
  });
});

describeEachBackend('seeding the demo CVs', (context) => {
  it('gives each seeded application a real PDF with the candidate’s name, once', async () => {
    // The postgres driver: the seeded CVs are in the database every instance reads.
    const storage = createPostgresStorage(context.db, `demo-cvs-${Date.now()}`);
    const written = await seedDemoCvs(context.db, storage);
    assert.ok(written >= 50, `seeded CVs: ${written}`);
    const rows = await context.db
      .selectFrom('applications as a')
      .innerJoin('uploads as u', 'u.id', 'a.cv_upload_id')
      .select(['a.form', 'u.storage_key', 'u.original_name', 'u.content_type', 'u.size'])
      .execute();
    assert.equal(rows.length, written);
    for (const row of rows) {
      const form = row.form as { firstName: string; lastName: string };
      const bytes = await storage.get(row.storage_key);
      assert.ok(bytes, row.storage_key);
      assert.equal(row.size, bytes.length);
      assert.equal(row.content_type, 'application/pdf');
      assert.match(row.original_name, /^CV_\w+_\w+\.pdf$/);
      const lines = readPdf(bytes);
      if (row === rows[0]) assert.equal((await pdfText(bytes))[0]?.[0], lines[0], 'PDF.js reads the name');
      // Letters outside Latin-1 (ś, ł) are shown without their accent.
      const latin1 = [...`${form.firstName} ${form.lastName}`].map((char) => (char.charCodeAt(0) <= 0xff ? char : ({ ł: 'l', ı: 'i' }[char] ?? char.normalize('NFD')[0]))).join('');
      assert.equal(lines[0], latin1);
    }
    assert.equal(await seedDemoCvs(context.db, storage), 0, 'a second run adds nothing');
  });
});
