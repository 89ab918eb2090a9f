import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from './api-error';
import { createApiClient } from './client';
import { dispositionFileName, downloadApplicantsExport, exportFileName, readWithProgress } from './openings';

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A response whose body arrives in the given chunks. */
function chunked(chunks: number[], headers: Record<string, string> = {}, status = 200): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(7));
      controller.close();
    },
  });
  return new Response(stream, { status, headers });
}

describe('exportFileName', () => {
  it("is 'Candidates Data {title}' plus ' ({referenceCode})' when present, plus '.xlsx'", () => {
    assert.equal(exportFileName({ title: 'Product Owner', referenceCode: 'PO-3' }), 'Candidates Data Product Owner (PO-3).xlsx');
    assert.equal(exportFileName({ title: 'Product Owner', referenceCode: null }), 'Candidates Data Product Owner.xlsx');
    assert.equal(exportFileName({ title: 'Product Owner', referenceCode: '  ' }), 'Candidates Data Product Owner.xlsx');
  });
});

describe('readWithProgress', () => {
  it('reports the bytes received after every chunk, with the total when Content-Length is given', async () => {
    const seen: [number, number | null][] = [];
    const blob = await readWithProgress(chunked([3, 5, 2], { 'Content-Length': '10' }), XLSX, (received, total) => seen.push([received, total]));
    assert.deepEqual(seen, [
      [0, 10],
      [3, 10],
      [8, 10],
      [10, 10],
    ]);
    assert.equal(blob.size, 10);
    assert.equal(blob.type, XLSX);
  });

  it('has no total without Content-Length (the dialog shows an indeterminate bar)', async () => {
    const seen: (number | null)[] = [];
    await readWithProgress(chunked([4]), XLSX, (_received, total) => seen.push(total));
    assert.deepEqual(seen, [null, null]);
  });
});

describe('downloadApplicantsExport', () => {
  it('asks for the chosen categories in bracket notation with the page locale, same-origin credentials', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init });
      return chunked([6], { 'Content-Type': XLSX, 'Content-Disposition': `attachment; filename="Donn_es des candidats Ing_nieur.xlsx"; filename*=UTF-8''Donn%C3%A9es%20des%20candidats%20Ing%C3%A9nieur.xlsx` });
    }) as typeof globalThis.fetch;
    const api = createApiClient({ baseURL: 'http://api.test', getLocale: () => 'fr', fetch });
    const { blob, fileName } = await downloadApplicantsExport(api, ID, ['PERSONAL', 'PROFESSIONAL'], { locale: 'fr', fetch });
    assert.equal(blob.size, 6);
    assert.equal(fileName, 'Données des candidats Ingénieur.xlsx', "the server's exact UTF-8 name");
    assert.equal(calls[0]?.url, `http://api.test/v2/jobs/${ID}/export/applications?categories[]=PERSONAL&categories[]=PROFESSIONAL`);
    assert.equal(calls[0]?.init?.credentials, 'same-origin');
    assert.equal(new Headers(calls[0]?.init?.headers).get('Accept-Language'), 'fr');
  });

  it("turns an error answer into an ApiError with the server's key", async () => {
    const fetch = (async () =>
      new Response(JSON.stringify({ statusCode: 400, error: 'errors.invalidQuery' }), { status: 400, headers: { 'Content-Type': 'application/json' } })) as typeof globalThis.fetch;
    const api = createApiClient({ baseURL: 'http://api.test', getLocale: () => 'en', fetch });
    await assert.rejects(downloadApplicantsExport(api, ID, [], { locale: 'en', fetch }), (error: unknown) => error instanceof ApiError && error.status === 400 && error.key === 'errors.invalidQuery');
  });
});

describe('dispositionFileName', () => {
  it('reads the exact UTF-8 name first, else the plain one, else nothing', () => {
    assert.equal(dispositionFileName(`attachment; filename="a_b.xlsx"; filename*=UTF-8''a%C3%A9b.xlsx`), 'aéb.xlsx');
    assert.equal(dispositionFileName('attachment; filename="Candidates Data X.xlsx"'), 'Candidates Data X.xlsx');
    assert.equal(dispositionFileName(`attachment; filename="plain.xlsx"; filename*=UTF-8''%E0%A4%A`), 'plain.xlsx');
    assert.equal(dispositionFileName(null), null);
    assert.equal(dispositionFileName('inline'), null);
  });
});
