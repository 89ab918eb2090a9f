import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '@rec/api-client';
import { AnswerUploader, CHUNK_BYTES } from './interview-upload';

/** A fake server that stores bytes at offsets, loses some answers and drops the network once. */
function fakeServer(faults: { dropAt?: number; loseAnswerAt?: number } = {}) {
  const stored: number[] = [];
  let calls = 0;
  return {
    stored,
    api: {
      async putChunk(_step: string, _question: string, _attempt: number, offset: number, bytes: Blob) {
        calls += 1;
        if (calls === faults.dropAt) throw new ApiError(0);
        if (offset !== stored.length) throw new ApiError(409, 'steps.errors.uploadOffset');
        for (const byte of new Uint8Array(await bytes.arrayBuffer())) stored.push(byte);
        // The bytes arrived but the answer got lost on the way back.
        if (calls === faults.loseAnswerAt) throw new ApiError(0);
        return { received: stored.length };
      },
      async attemptStatus() {
        return { received: stored.length, finished: false };
      },
    },
  };
}

const bytes = (length: number, seed: number) => new Uint8Array(Array.from({ length }, (_, i) => (i * 7 + seed) % 256));

describe('AnswerUploader', () => {
  it('sends pieces in order, in chunks, and reports progress', async () => {
    const server = fakeServer();
    const progress: number[] = [];
    const uploader = new AnswerUploader(server.api as never, 's', 'q', 1, (sent) => progress.push(sent), async () => {});
    const a = bytes(CHUNK_BYTES + 10, 1);
    const b = bytes(300, 2);
    uploader.add(new Blob([a]));
    uploader.add(new Blob([b]));
    await uploader.flush();
    assert.deepEqual(server.stored, [...a, ...b]);
    assert.equal(progress.at(-1), a.length + b.length);
  });

  it('resumes from the server offset after a drop and after a lost answer, without duplicating bytes', async () => {
    for (const faults of [{ dropAt: 1 }, { loseAnswerAt: 1 }, { dropAt: 2, loseAnswerAt: 3 }]) {
      const server = fakeServer(faults);
      const waits: number[] = [];
      const uploader = new AnswerUploader(server.api as never, 's', 'q', 1, undefined, async (ms) => void waits.push(ms));
      const a = bytes(CHUNK_BYTES * 2 + 5, 3);
      uploader.add(new Blob([a]));
      await uploader.flush();
      assert.deepEqual(server.stored, [...a], JSON.stringify(faults));
      assert.ok(waits.length >= 1, 'it waited before resuming');
    }
  });

  it('gives up on a refusal that retrying cannot fix', async () => {
    const uploader = new AnswerUploader(
      { putChunk: async () => Promise.reject(new ApiError(413, 'errors.payloadTooLarge')), attemptStatus: async () => ({ received: 0, finished: false }) } as never,
      's',
      'q',
      1,
      undefined,
      async () => {},
    );
    uploader.add(new Blob([bytes(10, 1)]));
    await assert.rejects(uploader.flush(), (error: unknown) => error instanceof ApiError && error.status === 413);
  });
});
