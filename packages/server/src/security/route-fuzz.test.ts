import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { DEMO, DEMO_PREFIX, demoId } from '../seed/demo-ids';
import { DEMO_OPENING_IDS } from '../seed/demo-openings';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../testing/auth-helpers';
import { SMALL_PDF } from '../testing/multipart';
import { describeEachBackend } from '../testing/test-database';
import type { RouteCase } from './access-classes';
import { fillUrl, MATRIX_DIST, ROUTE_ACCESS } from './route-access';
import { writeDist } from './write-dist';

/**
 * The standing fuzz test (issue 8): fast-check over every registered route with hostile params,
 * queries and bodies (NUL, lone surrogates, 100 KB strings, wrong types, odd dates and ids, query
 * arrays and nesting, malformed JSON). Whoever calls: never a 500, never a hang. Anonymous callers
 * and the owner of another company: a refused request writes nothing (every table's content is
 * fingerprinted around each route's runs). The applicant fuzzes the routes only a candidate may
 * call (her step flow), so hostile input reaches the step services too, not just the role check;
 * whatever she sends, no other candidate's steps change.
 */

const RUNS = { anonymous: 12, otherOwner: 12, owner: 16, applicant: 8 } as const;
type Fuzzer = keyof typeof RUNS;
/** A request that takes longer is a hang (the slowest honest ones, an export or an upload, take milliseconds here). */
const HANG_MS = 10_000;

const BIG = 'A'.repeat(100_000);
const HOSTILE = [
  '\u0000', 'a\u0000b', '\u0000'.repeat(64), '\ud800', '\udfff', 'x\ud83d', '\u202e', '\u001b[2J', '\r\n', '\t', ' ', '',
  '%00', '%', '%zz', '../../etc/passwd', '..\\..\\windows', '<script>alert(1)</script>', "'; drop table openings; --",
  '$\u{7B}7*7}', '{{7*7}}', '=cmd|"/c calc"!A1', '__proto__', 'constructor', 'null', 'undefined', 'true', '-1', '1e999', 'NaN',
  'ÿ'.repeat(300), '😀'.repeat(50),
];
const ODD_DATES = [
  '2026-02-30T00:00:00Z', '2026-02-29T00:00:00Z', '2028-02-29T00:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z',
  '2026-13-01T00:00:00Z', '2026-01-01T25:00:00Z', '2026-01-01', '31/02/1990', '29/02/2023', '1970-01-01T00:00:00+99:00',
  '+275760-09-13T00:00:00Z', '-000001-01-01T00:00:00Z', '2026-01-01T00:00:00.123456789Z',
];
const ODD_IDS = [
  '0'.repeat(24), 'f'.repeat(24), 'F'.repeat(24), `${DEMO.companyId.slice(0, 23)}`, `${DEMO.companyId}1`, 'z'.repeat(24), '[object Object]',
  DEMO.companyId, DEMO.boardId, DEMO.sampleChannelId, DEMO.closedChannelId, DEMO_OPENING_IDS.published, DEMO_OPENING_IDS.draft,
  DEMO_OPENING_IDS.archivedRetained, demoId(DEMO_PREFIX.posting, 0x62), DEMO_ACCOUNTS.owner.id, DEMO_ACCOUNTS.invitation.invitationLink,
  'lumen-embedded-engineer', 'x'.repeat(43),
];
/** Names the schemas know, so generated objects reach past the first "unknown key" check. */
const FIELDS = [
  'title', 'referenceCode', 'language', 'description', 'location', 'contract', 'baseOpening', 'contents', 'channels', 'validThrough',
  'employmentType', 'submissionId', 'firstName', 'lastName', 'email', 'phone', 'birthDate', 'gender', 'address', 'salary', 'nationality',
  'drivingLicenses', 'hasWorkPermit', 'agentEmail', 'companyReferralCode', 'cv', 'url', 'name', 'gdprConsent', 'companyId', 'channelId',
  'token', 'password', 'invitationLink', 'settings', 'en', 'fr', '__proto__', 'constructor',
];
const QUERY_KEYS = [
  'page', 'pageSize', 'search', 'status', 'status[]', 'status[0]', 'sort', 'select', 'select[]', 'categories[]', 'categories', 'language',
  'lang', 'scopeName', 'companyId', 'channelId', 'a[b][c][d][e][f]', '__proto__[x]', 'constructor[prototype][x]', '',
];

/** What broke the server before (issue 8): drawn often, so every route meets them within its runs. */
const CONTROL = ['\u0000', 'a\u0000b', '\ud800', 'x\u0001y', '\u007f'];
const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CONTROL) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_DATES) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE, ...ODD_IDS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constant(BIG) },
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: text },
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 5 }),
  ),
}));

/** encodeURIComponent throws on a lone surrogate: send the bytes a broken client would. */
function encode(part: string): string {
  try {
    return encodeURIComponent(part);
  } catch {
    return part.replace(/[\s\S]/g, (char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    });
  }
}

const queryString = fc.array(
  fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.oneof(text.map(encode), fc.constantFrom('%00', '%', '%zz', '%ED%A0%80', '%2F%2F'))),
  { maxLength: 6 },
).map((pairs) => pairs.map(([key, part]) => `${encode(key)}=${part}`).join('&'));

const body = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }).map((object) => ({ payload: JSON.stringify(object), type: 'application/json' })) },
  { weight: 1, arbitrary: value.map((any) => ({ payload: JSON.stringify(any) ?? 'null', type: 'application/json' })) },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[]', '"x"', '1e999', '{"__proto__":{"polluted":1}}', '\u0000').map((raw) => ({ payload: raw, type: 'application/json' })) },
  { weight: 1, arbitrary: text.map((raw) => ({ payload: raw, type: 'text/plain' })) },
  { weight: 1, arbitrary: text.map((raw) => ({ payload: `a=${encode(raw)}`, type: 'application/x-www-form-urlencoded' })) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.oneof(text, fc.constantFrom('cv.pdf', '.pdf', 'cv.PDF', 'cv.pdf.exe', 'a/../../cv.pdf')), fc.boolean()).map(([fileName, pdf]) => {
      const boundary = 'fuzz-boundary';
      const safeName = fileName.replace(/["\r\n]/g, '_');
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: application/pdf\r\n\r\n`;
      const payload = Buffer.concat([Buffer.from(head), pdf ? SMALL_PDF : Buffer.from(safeName), Buffer.from(`\r\n--${boundary}--\r\n`)]);
      return { payload, type: `multipart/form-data; boundary=${boundary}` };
    }),
  },
);

const requestParts = fc.record({
  params: fc.array(fc.oneof(fc.constantFrom(...ODD_IDS), text), { minLength: 5, maxLength: 5 }),
  query: queryString,
  body: fc.option(body, { nil: undefined }),
});

/**
 * How a request is spoiled: most runs take the route's valid request from the matrix table and
 * replace one value (a body field at any depth, a path parameter, the query) so the hostile value
 * gets past the first checks and reaches the service and the database; the rest are random.
 */
const spoil = fc.record({
  kind: fc.constantFrom('body', 'body', 'body', 'field', 'param', 'query', 'random'),
  pick: fc.nat(),
  hostile: value,
  parts: requestParts,
});
type Spoil = typeof spoil extends fc.Arbitrary<infer T> ? T : never;

/** Every path to a value inside a JSON object (`['contents', 'en', 'title']`). */
function leafPaths(input: unknown, prefix: string[] = []): string[][] {
  if (input === null || typeof input !== 'object') return [prefix];
  const entries = Object.entries(input as Record<string, unknown>);
  return [prefix, ...entries.flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
}

function replaced(input: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> = Array.isArray(input) ? ([...input] as unknown as Record<string, unknown>) : { ...(input as Record<string, unknown>) };
  copy[head] = replaced(copy[head], rest, replacement);
  return copy;
}

/** The request to send: the valid one of the matrix with one value spoiled, or a random one. */
async function spoiledRequest(
  entry: RouteCase | undefined,
  valid: Omit<InjectOptions, 'method'>,
  url: string,
  how: Spoil,
): Promise<{ url: string; payload?: string | Buffer; type?: string }> {
  let index = 0;
  const randomPath = url.replace(/:\w+/g, () => encode(how.parts.params[index++] ?? '')).replace('*', encode(how.parts.params[4] ?? ''));
  if (!entry || how.kind === 'random') {
    return { url: how.parts.query ? `${randomPath}?${how.parts.query}` : randomPath, ...(how.parts.body ?? {}) };
  }
  let path = (valid.url as string | undefined) ?? fillUrl(url, entry.params);
  let payload = valid.payload as unknown;
  const type = (valid.headers as Record<string, string> | undefined)?.['content-type'];
  if (how.kind === 'param') {
    const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
    const name = names[how.pick % Math.max(names.length, 1)];
    const hostile = typeof how.hostile === 'string' ? how.hostile : JSON.stringify(how.hostile) ?? '';
    if (name) path = fillUrl(url, { ...entry.params, [name]: '\u0001' }).replace(encodeURIComponent('\u0001'), encode(hostile));
    else path = `${path}${path.includes('?') ? '&' : '?'}${how.parts.query}`;
  } else if (how.kind === 'query') {
    path = `${path}${path.includes('?') ? '&' : '?'}${how.parts.query}`;
  } else if (how.kind === 'field' && payload !== null && typeof payload === 'object' && !Buffer.isBuffer(payload)) {
    // A field the valid request leaves out (validThrough of a posting, baseOpening of an opening...).
    payload = { ...(payload as Record<string, unknown>), [FIELDS[how.pick % FIELDS.length] ?? 'title']: how.hostile };
  } else if (payload !== undefined && !Buffer.isBuffer(payload) && typeof payload === 'object') {
    const paths = leafPaths(payload);
    payload = replaced(payload, paths[how.pick % paths.length] ?? [], how.hostile);
  } else if (how.parts.body) {
    return { url: path, ...how.parts.body };
  }
  if (payload === undefined) return { url: path };
  if (Buffer.isBuffer(payload) || typeof payload === 'string') return { url: path, payload, type };
  return { url: path, payload: JSON.stringify(payload) ?? 'null', type: 'application/json' };
}

/** Every table's row count and content hash, in one query: what "nothing was written" compares. */
async function fingerprint(db: Kysely<Database>): Promise<string> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%' order by table_name`.execute(db);
  const parts = tables.rows.map(({ name }) => sql`(select ${name} || ':' || count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from ${sql.table(name)} t)`);
  const row = await sql<{ print: string }>`select concat_ws(',', ${sql.join(parts)}) as print`.execute(db);
  return row.rows[0]?.print ?? '';
}

/** Lumen's sign-in policy as seeded (no two-factor required), whatever the owner's fuzzing set. */
async function resetSignInPolicy(db: Kysely<Database>): Promise<void> {
  // Both owners fuzz their own company's policy: Lumen's (owner) and Nordwind's (the other company's owner).
  await sql`update companies set settings = settings - 'security' where id in (${DEMO.companyId}, ${DEMO.otherCompanyId})`.execute(db);
}

/** Every step of every application not Camille's: what the applicant's fuzzing must never change. */
async function othersStepsPrint(db: Kysely<Database>): Promise<string> {
  const row = await sql<{ print: string | null }>`select count(*)::text || ':' || coalesce(md5(string_agg(s::text, '|' order by s.id)), '') as print
    from application_steps s join applications a on a.id = s.application_id join candidates c on c.id = a.candidate_id
    where c.email <> ${DEMO_ACCOUNTS.applicant.email}`.execute(db);
  return row.rows[0]?.print ?? '';
}

function withTimeout<T>(promise: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: ${label} took over ${HANG_MS} ms`)), HANG_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describeEachBackend('route fuzz: hostile input on every route', (context) => {
  let t: AuthTestApp;
  let app: FastifyInstance;
  before(async () => {
    t = await buildAuthTestApp(context.db, { config: { distDir: writeDist(MATRIX_DIST) } });
    app = t.app;
    await app.ready();
  });
  after(() => app.close());

  it('never answers 500 or hangs; refused anonymous and foreign requests write nothing', async () => {
    const routes = app.registeredRoutes.filter((route) => route.method !== 'HEAD');
    const runs: Record<Fuzzer, number> = { anonymous: 0, otherOwner: 0, owner: 0, applicant: 0 };
    const statuses = new Map<number, number>();
    let address = 0;
    const started = Date.now();

    for (const fuzzer of ['anonymous', 'otherOwner', 'owner', 'applicant'] as const) {
      for (const route of routes) {
        const entry = ROUTE_ACCESS[`${route.method} ${route.url}`];
        // Recruiters and admins are fuzzed above; the applicant only where she, and no recruiter, is let in.
        if (fuzzer === 'applicant' && !(entry && entry.expected.applicant < 300 && entry.expected.owner >= 400)) continue;
        // A session per route, made before the fingerprint (a sign-in or a sign-out during the runs may end it).
        const cookie = fuzzer === 'anonymous' ? undefined : await t.cookieFor(DEMO_ACCOUNTS[fuzzer].id);
        const watchWrites = fuzzer !== 'owner' && !(route.method === 'DELETE' && route.url === '/auth/session-v2');
        const prepares = entry?.prepares === true || (entry?.prepares === 'applicant' && fuzzer === 'applicant');
        // Without data to prepare, the valid request is built once, before the fingerprint.
        const shared = entry?.request && !prepares ? await entry.request(app, fuzzer) : {};
        const before = watchWrites ? await fingerprint(context.db) : '';
        const othersBefore = fuzzer === 'applicant' ? await othersStepsPrint(context.db) : '';
        let succeededWrite = false;
        await fc.assert(
          fc.asyncProperty(spoil, async (how) => {
            // A route that needs fresh data (a CV not used yet) gets it every run, fingerprinted after.
            const valid = entry?.request && prepares ? await entry.request(app, fuzzer) : shared;
            const prepared = watchWrites && prepares ? await fingerprint(context.db) : undefined;
            const sent = await spoiledRequest(entry, valid, route.url, how);
            const url = sent.url;
            const headers: Record<string, string> = { origin: OWN_ORIGIN };
            if (cookie) headers.cookie = cookie;
            const options: InjectOptions = { method: route.method as InjectOptions['method'], url, headers, remoteAddress: `10.66.${(address >> 8) & 255}.${address++ & 255}` };
            if (sent.payload !== undefined && route.method !== 'GET') {
              if (sent.type) headers['content-type'] = sent.type;
              options.payload = sent.payload;
            }
            const response = await withTimeout(app.inject(options), `${route.method} ${url.slice(0, 200)}`);
            runs[fuzzer] += 1;
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const label = `${fuzzer} ${route.method} ${url.slice(0, 300)}`;
            assert.ok(response.statusCode < 500, `${label} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
            if (response.statusCode < 300 && route.method !== 'GET') succeededWrite = true;
            else if (prepared !== undefined) assert.equal(await fingerprint(context.db), prepared, `${label}: a refused request changed the database`);
          }),
          { numRuns: RUNS[fuzzer], endOnFailure: true, includeErrorInReport: true },
        );
        if (fuzzer === 'applicant') assert.equal(await othersStepsPrint(context.db), othersBefore, `applicant ${route.method} ${route.url}: another candidate's steps changed`);
        if (watchWrites && !succeededWrite && !prepares) {
          assert.equal(await fingerprint(context.db), before, `${fuzzer} ${route.method} ${route.url}: refused requests changed the database`);
        }
        // An owner may change what every later request of the run stands on: a fuzzed security policy
        // that requires two-factor leaves that company's next sessions enrol-only (401 on every route, the
        // preparations' too: the other company's owner once failed the webhooks' preparation so). The
        // policies go back to the seed's after each route of either owner.
        if (fuzzer === 'owner' || fuzzer === 'otherOwner') await resetSignInPolicy(context.db);
      }
    }
    const total = runs.anonymous + runs.otherOwner + runs.owner;
    console.log(
      `route fuzz: ${routes.length} routes, ${total} requests (anonymous ${runs.anonymous}, other company's owner ${runs.otherOwner}, owner ${runs.owner}, applicant ${runs.applicant}) in ${Date.now() - started} ms; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
  });
});
