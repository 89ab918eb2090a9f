// A local S3-compatible server for the s3 file store's tests (`npm test`, so CI too): s3rver, a
// Node implementation of the S3 REST API that keeps objects in a folder. It runs in the calling
// process, needs no network beyond 127.0.0.1 and is stopped by `stop()`.
// What it does not cover (the real services do): signature checks (any key is accepted),
// bucket policies and lifecycle rules (the "abort incomplete multipart uploads" rule of the
// README), versioning, server-side encryption, conditional writes, and S3's rate limits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const S3_TEST_BUCKET = 'rec-test';

/** Starts the server on a free port of 127.0.0.1; answers the S3_TEST_URL to give the tests and a stop function. */
export async function startS3TestServer({ port = 0 } = {}) {
  const directory = mkdtempSync(join(tmpdir(), 'rec-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: S3_TEST_BUCKET }] });
  const { port: bound } = await server.run();
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${bound}/${S3_TEST_BUCKET}?region=us-east-1`,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
    /** Synchronous, for an exit in the middle of the run (the server ends with the process). */
    removeFiles() {
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
