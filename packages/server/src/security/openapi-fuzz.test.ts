import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { DEFAULT_SCRYPT, hashPassword } from '../modules/auth/passwords';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../testing/auth-helpers';
import { describeEachBackend, testBackends } from '../testing/test-database';
import { MATRIX_DIST, ROUTE_ACCESS } from './route-access';
import { writeDist } from './write-dist';

/**
 * The standing fuzz of the API (issue 24), driven by the document the server serves
 * (`/openapi.json`), so an operation added tomorrow is fuzzed tomorrow. For every operation and every
 * caller (anonymous, owner, viewer, applicant, admin) it sends requests built from the operation's own
 * schemas, each spoiled one way: a wrong type, an out-of-range date or number, a huge string, control
 * characters, the body under another content type, a body at and just over the size limit.
 *
 * Fails on any 500, on any answer slower than 2 s, on JavaScript memory the server keeps growing over
 * 64 MB (a leak, a cache without bound), and on RSS at any point rising over 512 MB (one request
 * blowing memory up, as the 1.6 GB of issue 24's H1 did).
 * Seeded: every failure prints the seed and the request; `FUZZ_SEED=<seed>` replays the run,
 * `FUZZ_ONLY=<operationId>` narrows it. `FUZZ_RUNS` sets the total (10,000 by default, split over
 * the backends under test).
 */

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const ONLY = process.env.FUZZ_ONLY;
const SLOW_MS = 2_000;
/**
 * Kept memory is read as the V8 heap plus external buffers after a full collection: RSS after the run
 * measured anywhere from +6 to +237 MB over five runs (the allocator keeps freed pages and
 * PGlite's WebAssembly memory never shrinks), while heap and buffers kept 13-15 MB every time.
 */
const KEPT_GROWTH_LIMIT = 64 * 1024 * 1024;
const RSS_PEAK_LIMIT = 512 * 1024 * 1024;
/** Fastify's default body limit, what every JSON route without its own accepts. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;
const ROLES = ['anonymous', 'owner', 'viewer', 'applicant', 'admin'] as const;
type Role = (typeof ROLES)[number];

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

// --- values from a schema -----------------------------------------------------------------------------

const CONTROL = ['\u0000', 'a\u0000b', '\ud800', 'x\u0001y', '\u007f', '\u001b[2J', 'line\r\nBcc: x@example.com', '\u202e'];
const ODD_DATES = [
  '9999-12-31', '0000-01-01', '9999-12-31T23:59:59-16:00', '0000-01-01T00:00:00Z', '2026-06-01T12:00:00-16:00', '2026-02-30',
  '2026-02-30T00:00:00Z', '+275760-09-13T00:00:00Z', '-000001-01-01T00:00:00Z', '2026-01-01T24:00:00Z', '1970-01-01T00:00:00+99:00', '31/12/2026',
];
const ODD_NUMBERS = [1e308, -1e308, 2 ** 63, -(2 ** 63), 2 ** 31, -1, 0, -0, 0.5, 1e-300, Number.MAX_SAFE_INTEGER + 2];
const ODD_NUMBER_TEXTS = ['1e999', 'NaN', 'Infinity', '-1', '99999999999999999999', '0x10', '1.5', ''];
const HUGE = fc.constantFrom(10_000, 100_000, 500_000).map((length) => 'A'.repeat(length));

/** A value the schema accepts, as far as JSON Schema can say (custom checks are not in the document). */
function schemaValue(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant('x');
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) return fc.oneof(...options.map((option) => schemaValue(option as Schema, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return schemaValue(schema.allOf[0] as Schema, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: numberOr(schema.minimum, 0), max: numberOr(schema.maximum, 1000) });
    case 'number':
      return fc.double({ min: numberOr(schema.minimum, 0), max: numberOr(schema.maximum, 1000), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = numberOr(schema.minItems, 0);
      return fc.array(schemaValue(schema.items as Schema | undefined, depth + 1), { minLength: min, maxLength: Math.max(min, Math.min(numberOr(schema.maxItems, 3), 3)) });
    }
    case 'object': {
      const names = (schema.propertyNames as Schema | undefined)?.enum;
      if (Array.isArray(names) && typeof schema.additionalProperties === 'object') {
        // A record keyed by an enum (contents per language): one or two of its keys.
        return fc.dictionary(fc.constantFrom(...(names as string[])), schemaValue(schema.additionalProperties as Schema, depth + 1), { minKeys: 1, maxKeys: 2 });
      }
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = schemaValue(property, depth + 1);
      const requiredKeys = Object.keys(properties).filter((name) => required.has(name));
      return fc.record(record, { requiredKeys });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null));
  }
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return fc.constantFrom('2026-03-01', '2026-12-31');
  if (schema.format === 'date-time') return fc.constantFrom('2026-03-01T09:00:00Z', '2026-12-31T23:00:00+01:00');
  if (schema.format === 'uri') return fc.constantFrom('https://example.com/a', 'https://meet.example.com/room');
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= numberOr(schema.maxLength, 500));
    } catch {
      // A pattern fast-check cannot invert: a plain string, the route answers 400.
    }
  }
  const min = numberOr(schema.minLength, 0);
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(numberOr(schema.maxLength, 20), 20)) });
}

// --- spoiling a valid request ----------------------------------------------------------------------------

const SPOILS = ['valid', 'wrongType', 'date', 'number', 'huge', 'control', 'contentType', 'size', 'param', 'query'] as const;
type SpoilKind = (typeof SPOILS)[number];

/** A value of another type than `current`, or one of the hostile kinds. */
function hostileValue(kind: SpoilKind, current: unknown): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'date':
      return fc.constantFrom(...ODD_DATES);
    case 'number':
      return fc.oneof(fc.constantFrom(...ODD_NUMBERS), fc.constantFrom(...ODD_NUMBER_TEXTS));
    case 'huge':
      return HUGE;
    case 'control':
      return fc.constantFrom(...CONTROL);
    default: {
      const others: fc.Arbitrary<unknown>[] = [fc.constant(null), fc.constant({}), fc.constant([]), fc.constant([1, 'a'])];
      if (typeof current !== 'string') others.push(fc.string({ maxLength: 8 }));
      if (typeof current !== 'number') others.push(fc.integer(), fc.constant(1.5));
      if (typeof current !== 'boolean') others.push(fc.boolean());
      return fc.oneof(...others);
    }
  }
}

/** Every path to a value inside a JSON value (`['contents', 'en', 'title']`), the root included. */
function leafPaths(input: unknown, prefix: string[] = []): string[][] {
  if (input === null || typeof input !== 'object') return [prefix];
  return [prefix, ...Object.entries(input as Record<string, unknown>).flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
}

function replaced(input: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = (Array.isArray(input) ? [...input] : { ...(input as Record<string, unknown>) }) as Record<string, unknown>;
  copy[head] = replaced(copy[head], rest, replacement);
  return copy;
}

function valueAt(input: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), input);
}

/** encodeURIComponent throws on a lone surrogate: send the bytes a broken client would. */
function encode(part: string): string {
  try {
    return encodeURIComponent(part);
  } catch {
    return '%ED%A0%80';
  }
}

function queryOf(values: Record<string, unknown>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .flatMap(([name, value]) =>
      Array.isArray(value) ? value.map((item) => `${encode(name)}[]=${encode(String(item))}`) : [`${encode(name)}=${encode(typeof value === 'object' ? JSON.stringify(value) : String(value))}`],
    )
    .join('&');
}

interface FuzzRequest {
  method: string;
  url: string;
  type?: string;
  payload?: string;
}

/** What the route matrix sends as the valid request of a route, split into path params, query and JSON body. */
interface ValidParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
}

async function matrixRequest(t: AuthTestApp, method: string, pattern: string, role: Role): Promise<ValidParts> {
  const entry = ROUTE_ACCESS[`${method.toUpperCase()} ${pattern}`];
  const parts: ValidParts = { params: { ...entry?.params }, query: {} };
  // Requests that prepare data per run (an unused CV) stay generated: the fuzz does not prepare.
  if (!entry?.request || entry.prepares) return parts;
  let request: Awaited<ReturnType<NonNullable<typeof entry.request>>>;
  try {
    request = await entry.request(t.app, role);
  } catch {
    return parts;
  }
  if (typeof request.url === 'string') {
    const [pathname = '', search = ''] = request.url.split('?');
    const names = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
    const values = new RegExp(`^${pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/:\w+/g, '([^/]+)')}$`).exec(pathname);
    names.forEach((name, index) => {
      const value = values?.[index + 1];
      if (value !== undefined) parts.params[name] = decodeURIComponent(value);
    });
    parts.query = Object.fromEntries(new URLSearchParams(search));
  }
  if (request.payload !== undefined && !Buffer.isBuffer(request.payload) && typeof request.payload === 'object') parts.body = request.payload;
  return parts;
}

/** The leaves the spoil kind aims at (dates at date-like values, numbers at numbers), else any. */
function aimedPaths(kind: SpoilKind, source: unknown): string[][] {
  const paths = leafPaths(source);
  const aimed = paths.filter((at) => {
    const value = valueAt(source, at);
    if (kind === 'date') return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);
    if (kind === 'number') return typeof value === 'number';
    return false;
  });
  return aimed.length > 0 ? aimed : paths;
}

function merged(generated: unknown, valid: unknown): unknown {
  if (generated === null || typeof generated !== 'object' || Array.isArray(generated) || valid === null || typeof valid !== 'object') return valid ?? generated;
  return { ...(generated as object), ...(valid as object) };
}

/** The requests of one operation: its valid request (the route matrix's, completed from the schemas) spoiled one way each. */
function requestsOf(method: string, path: string, operation: Operation, valid: ValidParts): fc.Arbitrary<FuzzRequest> {
  const pattern = path.replace(/\{(\w+)\}/g, ':$1');
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query' && parameter.name !== 'query');
  const params = fc.record(
    Object.fromEntries(pathParameters.map((parameter) => [parameter.name, valid.params[parameter.name] ? fc.constant(valid.params[parameter.name]) : schemaValue(parameter.schema)])),
  );
  const query = fc
    .record(Object.fromEntries(queryParameters.map((parameter) => [parameter.name, schemaValue(parameter.schema)])), {
      requiredKeys: queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    })
    .map((generated) => ({ ...generated, ...valid.query }));
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const body = bodySchema ? schemaValue(bodySchema).map((generated) => merged(generated, valid.body)) : fc.constant(valid.body);
  return fc
    .record({ params, query, body, kind: fc.constantFrom(...SPOILS), pick: fc.nat(), size: fc.constantFrom(-64, 0, 1) })
    .chain((parts) => {
      const target = parts.kind === 'query' || parts.body === undefined ? 'query' : parts.kind === 'param' ? 'param' : 'body';
      const source = target === 'body' ? parts.body : target === 'query' ? parts.query : parts.params;
      const paths = aimedPaths(parts.kind, source);
      const at = paths[parts.pick % paths.length] ?? [];
      const hostileKind = parts.kind === 'query' || parts.kind === 'param' ? SPOILS[parts.pick % SPOILS.length] ?? 'wrongType' : parts.kind;
      return hostileValue(hostileKind, valueAt(source, at)).map((hostile) => ({ parts, target, at, hostile }));
    })
    .map(({ parts, target, at, hostile }) => {
      const spoil = parts.kind !== 'valid' && parts.kind !== 'contentType' && parts.kind !== 'size';
      const params = spoil && target === 'param' && at.length > 0 ? (replaced(parts.params, at, hostile) as Record<string, unknown>) : parts.params;
      const query = spoil && target === 'query' ? (replaced(parts.query, at.length > 0 ? at : ['fuzz'], hostile) as Record<string, unknown>) : parts.query;
      const body = spoil && target === 'body' ? replaced(parts.body, at, hostile) : parts.body;
      const filled = pattern.replace(/:(\w+)/g, (_match, name: string) => encode(String(params[name] ?? '')));
      const search = queryOf(query);
      const request: FuzzRequest = { method: method.toUpperCase(), url: search ? `${filled}?${search}` : filled };
      if (method === 'get' || method === 'delete') return request;
      const json = body === undefined ? '{}' : JSON.stringify(body) ?? 'null';
      if (parts.kind === 'contentType') {
        const types = ['text/plain', 'application/xml', 'multipart/form-data', 'application/octet-stream', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'image/png'];
        return { ...request, type: types[parts.pick % types.length], payload: json };
      }
      if (parts.kind === 'size') {
        // A JSON object of exactly the body limit (give or take a little), so parsers and guards meet it whole.
        const pad = Math.max(0, DEFAULT_BODY_LIMIT + parts.size - json.length - 16);
        const padded = json.startsWith('{') && json.length > 2 ? `{"fuzzPad":"${'x'.repeat(pad)}",${json.slice(1)}` : `{"fuzzPad":"${'x'.repeat(pad)}"}`;
        return { ...request, type: 'application/json', payload: padded };
      }
      return { ...request, type: 'application/json', payload: json };
    });
}

/**
 * A full collection before each RSS reading, so the growth measured is memory the server keeps
 * (a leak, a cache without bound), not garbage of the megabyte bodies not collected yet.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** A stable number per operation and caller, so FUZZ_ONLY replays the same requests as the full run. */
function seedOf(operationId: string, role: Role): number {
  let hash = SEED | 0;
  for (const char of `${operationId}:${role}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function describeRequest(request: FuzzRequest): string {
  const payload = request.payload === undefined ? '' : ` ${request.type} ${request.payload.length} bytes: ${JSON.stringify(request.payload.slice(0, 300))}`;
  return `${request.method} ${request.url.slice(0, 300)}${payload}`;
}

describeEachBackend('OpenAPI fuzz: every operation, every caller (issue 24)', (context) => {
  let t: AuthTestApp;
  before(async () => {
    t = await buildAuthTestApp(context.db, { config: { distDir: writeDist(MATRIX_DIST) } });
    await t.app.ready();
    // The demo passwords at the test's scrypt cost: a password check is slow on purpose, and at the
    // production cost on a busy two-core runner it alone passes the 2 s this suite allows.
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      if (!('password' in account) || !account.password) continue;
      const hash = await hashPassword(account.password, { ...DEFAULT_SCRYPT, N: 2 ** 10 });
      await context.db.updateTable('accounts').set({ password_hash: hash }).where('id', '=', account.id).execute();
    }
  });
  after(() => t.app.close());

  it('answers no 500 and nothing slower than 2 s; memory kept grows less than 64 MB, RSS less than 512 MB at its peak', async () => {
    const document = (await t.app.inject({ url: '/openapi.json' })).json() as OpenApi;
    const every = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
    const operations = every.filter(({ operation }) => !ONLY || operation.operationId === ONLY);
    assert.ok(operations.length > 0, `no operation ${ONLY ?? ''} in /openapi.json`);
    // Counted over every operation, so FUZZ_ONLY replays exactly the requests of the full run.
    const perCaller = Math.max(1, Math.round(TOTAL_RUNS / testBackends().length / (every.length * ROLES.length)));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    let address = 0;
    let slowest = { ms: 0, what: '' };
    collectGarbage();
    const kept = () => {
      const { heapUsed, external } = process.memoryUsage();
      return heapUsed + external;
    };
    const keptBefore = kept();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const started = Date.now();
    console.log(`OpenAPI fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${operations.length} operations x ${ROLES.length} callers x ${perCaller} requests`);

    for (const { path, method, operation } of operations) {
      for (const role of ROLES) {
        const seed = seedOf(operation.operationId, role);
        // A fresh session per operation: a sign-out or password change fuzzed before must not turn the caller anonymous.
        const cookie = role === 'anonymous' ? undefined : await t.cookieFor(DEMO_ACCOUNTS[role].id);
        const valid = await matrixRequest(t, method, path.replace(/\{(\w+)\}/g, ':$1'), role);
        for (const request of fc.sample(requestsOf(method, path, operation, valid), { seed, numRuns: perCaller })) {
          const headers: Record<string, string> = { origin: OWN_ORIGIN };
          if (cookie) headers.cookie = cookie;
          if (request.type) headers['content-type'] = request.type;
          const options: InjectOptions = {
            method: request.method as InjectOptions['method'],
            url: request.url,
            headers,
            // Each request from its own address: the rate limits would otherwise answer 429 before the route runs.
            remoteAddress: `10.77.${(address >> 8) & 255}.${address++ & 255}`,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          };
          const what = `${role} ${operation.operationId} (FUZZ_SEED=${SEED} FUZZ_ONLY=${operation.operationId}, sample seed ${seed}): ${describeRequest(request)}`;
          const start = performance.now();
          const response = await t.app.inject(options);
          const ms = performance.now() - start;
          sent += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (ms > slowest.ms) slowest = { ms, what };
          if (response.statusCode >= 500) failures.push(`${response.statusCode} ${response.body.slice(0, 120)} <- ${what}`);
          if (ms > SLOW_MS) failures.push(`slow: ${Math.round(ms)} ms <- ${what}`);
        }
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }
    }
    collectGarbage();
    const growth = kept() - keptBefore;
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    const signed = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;
    console.log(
      `OpenAPI fuzz: ${sent} requests in ${Date.now() - started} ms, slowest ${Math.round(slowest.ms)} ms, heap and buffers ${signed(growth)} MB kept, RSS ${signed(process.memoryUsage().rss - rssBefore)} MB (peak ${signed(rssPeak - rssBefore)} MB); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    assert.deepEqual(failures.slice(0, 40), [], `${failures.length} failures (seed ${SEED})`);
    assert.ok(growth < KEPT_GROWTH_LIMIT, `the server kept ${mb(growth)} MB more heap and buffers (seed ${SEED})`);
    assert.ok(rssPeak - rssBefore < RSS_PEAK_LIMIT, `RSS rose by ${mb(rssPeak - rssBefore)} MB at its peak (seed ${SEED})`);
  });
});
