// The `uploads` case of `npm run bench` (issue 24, H1): an anonymous 8 MiB body to each upload
// route of a real server process (PGlite, demo data) must be answered in under 100 ms, without the
// server's RSS growing, while a health probe (`GET /builds/latest.json`) keeps answering at once.
// Every upload route gets ROUNDS bodies of each content type (octet-stream, multipart, JSON), a
// few at a time; the probe runs every 10 ms meanwhile. Budgets: slowest answer < 100 ms, slowest
// probe < 100 ms, RSS growth < 64 MB. (`http/upload-guard.test.ts` enumerates the upload routes
// from the route table and proves none reads an anonymous body; this measures the time it takes.)
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import './bench-setup.mjs';

const { startServer } = await import('../server/src/testing/server-process.ts');

const EIGHT_MIB = 8 * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PARALLEL = 4;
const BUDGET_MS = 100;
const BUDGET_RSS_MB = 64;
const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const UPLOADS = [
  ['POST', `/v2/storage?scopeName=COMPANY&companyId=${ID}&channelId=${ID}`],
  ['POST', `/v2/application-steps/${ID}/files?questionId=intro`],
  ['PUT', `/v2/application-steps/${ID}/interview/intro/attempts/1?offset=0`],
  ['POST', '/v2/companies/settings/logos'],
  ['PUT', '/v2/recruiter/me/profile-picture'],
];
const TYPES = ['application/octet-stream', 'multipart/form-data; boundary=----bench', 'application/json'];
const body = Buffer.alloc(EIGHT_MIB);

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Milliseconds until the answer's head arrives (the rest of the body may still be going out). */
function timed(base, method, path, headers, payload) {
  return new Promise((resolve) => {
    const started = performance.now();
    const outgoing = request(`${base}${path}`, { method, headers: { ...headers, connection: 'close' } }, (response) => {
      const ms = performance.now() - started;
      response.resume();
      resolve({ ms, status: response.statusCode });
      outgoing.destroy();
    });
    outgoing.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
    outgoing.end(payload);
  });
}

export async function benchUploads() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rec-bench-uploads-'));
  const server = await startServer(dataDir, { readyTimeoutMs: 240_000 });
  server.child.stdout?.resume();
  server.child.stderr?.resume();
  let probing = true;
  let slowestProbe = 0;
  try {
    // Warm up, then the baseline.
    for (let i = 0; i < 20; i++) await timed(server.base, 'GET', '/builds/latest.json', {});
    const rssBefore = rssOf(server.child.pid);
    const probe = (async () => {
      while (probing) {
        const { ms } = await timed(server.base, 'GET', '/builds/latest.json', {});
        slowestProbe = Math.max(slowestProbe, ms);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const jobs = UPLOADS.flatMap(([method, path]) => TYPES.flatMap((type) => Array.from({ length: ROUNDS }, () => ({ method, path, type }))));
    const answers = [];
    for (let start = 0; start < jobs.length; start += PARALLEL) {
      const batch = jobs.slice(start, start + PARALLEL);
      answers.push(...(await Promise.all(batch.map((job) => timed(server.base, job.method, job.path, { 'content-type': job.type, 'content-length': String(EIGHT_MIB) }, body).then((answer) => ({ ...job, ...answer }))))));
    }
    probing = false;
    await probe;
    const rssAfter = rssOf(server.child.pid);
    if (process.env.BENCH_VERBOSE) for (const a of answers) console.log(a.method, a.path.split('?')[0], a.type, a.status, a.ms.toFixed(1));
    const slowest = answers.reduce((worst, answer) => (answer.ms > worst.ms ? answer : worst));
    const refused = answers.filter((answer) => answer.status >= 400 && answer.status < 500).length;
    // The server answered and closed while this client still wrote its body: refused too, never accepted.
    const reset = answers.filter((answer) => answer.status === 0).length;
    console.log(`uploads: ${answers.length} anonymous 8 MiB bodies to ${UPLOADS.length} upload routes (${TYPES.length} types), ${refused} refused with 4xx, ${reset} cut off by the server (load average ${loadavg()[0]?.toFixed(1)})`);
    const median = answers.map((answer) => answer.ms).sort((a, b) => a - b)[Math.floor(answers.length / 2)] ?? 0;
    console.log(`  median answer ${median.toFixed(1)} ms`);
    console.log(`  slowest answer ${slowest.ms.toFixed(1)} ms (${slowest.method} ${slowest.path.split('?')[0]}, ${slowest.type}): budget ${BUDGET_MS} ms`);
    console.log(`  slowest health probe meanwhile ${slowestProbe.toFixed(1)} ms: budget ${BUDGET_MS} ms`);
    console.log(`  server RSS ${rssBefore.toFixed(0)} MB -> ${rssAfter.toFixed(0)} MB (growth ${(rssAfter - rssBefore).toFixed(0)} MB): budget ${BUDGET_RSS_MB} MB`);
    return refused + reset === answers.length && slowest.ms < BUDGET_MS && slowestProbe < BUDGET_MS && rssAfter - rssBefore < BUDGET_RSS_MB;
  } finally {
    probing = false;
    server.child.kill('SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
