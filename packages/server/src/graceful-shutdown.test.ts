import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import { DEMO } from './seed/demo-ids';
import { SMALL_PDF } from './testing/multipart';
import { startServer } from './testing/server-process';

describe('graceful shutdown (a real server process)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rec-shutdown-'));
  let child: ChildProcess | undefined;
  after(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes an application mid-submit (201), then closes the database and exits 0', async () => {
    const server = await startServer(dataDir);
    child = server.child;
    const form = new FormData();
    form.append('file', new Blob([SMALL_PDF], { type: 'application/pdf' }), 'cv.pdf');
    const uploaded = await fetch(`${server.base}/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`, { method: 'POST', body: form });
    assert.equal(uploaded.status, 201);
    const cv = (await uploaded.json()) as { url: string; name: string };

    const body = Buffer.from(
      JSON.stringify({
        submissionId: 'graceful-shutdown-1',
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'ana.shutdown@example.org',
        birthDate: '21/04/1994',
        cv,
        gdprConsent: true,
      }),
    );
    // A slow client: the server has the request and half its body when the signal arrives.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${server.base}/v2/offers/channel/${DEMO.sampleChannelId}/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      });
      req.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.write(body.subarray(0, 40));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.subarray(40)), 500);
      }, 300);
    });

    const { status, body: text } = await answer;
    assert.equal(status, 201, text);
    assert.equal(await server.exited, 0, 'the process exits cleanly once the request is done');

    // The application was committed before the database closed: a new process finds it.
    const again = await startServer(dataDir);
    child = again.child;
    const retry = await fetch(`${again.base}/v2/offers/channel/${DEMO.sampleChannelId}/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    assert.equal(retry.status, 200, 'the same submission is recognised as already stored');
    again.child.kill('SIGTERM');
    assert.equal(await again.exited, 0);
    await sleep(0);
  });
});
