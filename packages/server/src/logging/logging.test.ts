import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { DEFAULT_ACCESS_LOG, type AccessLogSettings } from '../config';
import { registerErrorHandler } from '../http/errors';
import { AccessLogController } from './access-log';
import { logFormat, loggerOptions } from './logger-options';
import { REDACTED, redactSecrets } from './redact';
import { loggableUrl } from './request-url';
import { safeError } from './safe-error';

describe('loggableUrl', () => {
  it('replaces secrets in link paths and person-revealing query values, keeps the route shape', () => {
    assert.equal(loggableUrl('/login/token/Zq3x_secret-token-value-abcdefghijklmnop'), '/login/token/[redacted]');
    assert.equal(loggableUrl('/reset/short'), '/reset/[redacted]');
    assert.equal(loggableUrl('/v2/recruiters/invite/demo-invitation-lumen'), '/v2/recruiters/invite/[redacted]');
    assert.equal(loggableUrl('/applicant/steps/next/pw123'), '/applicant/steps/next/[redacted]');
    assert.equal(loggableUrl('/v2/jobs?search=Camille%20Martin&page=2'), '/v2/jobs?search=[redacted]&page=2');
    assert.equal(loggableUrl('/offer/apply/oauth/indeed?state=%2Fx&code=abc'), '/offer/apply/oauth/indeed?state=[redacted]&code=[redacted]');
    assert.equal(loggableUrl('/v2/boards/64b0b0a4d000000000000001/offers?language=fr'), '/v2/boards/64b0b0a4d000000000000001/offers?language=fr');
  });
});

describe('safeError', () => {
  it('keeps the SQLSTATE, constraint and stack frames of a database error, drops parameters, detail and quoted values', () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "camille@example.org"'), {
      name: 'error',
      severity: 'ERROR',
      code: '22P02',
      detail: 'Failing row contains (Camille, camille@example.org).',
      where: 'PL/pgSQL function f() line 3 at RAISE',
      params: ['Camille', 'camille@example.org', 'scrypt$131072$8$1$c2FsdA$aGFzaA'],
      query: 'insert into candidates values ($1, $2)',
      table: 'candidates',
      constraint: 'candidates_pkey',
    });
    const logged = safeError(error);
    const text = JSON.stringify(logged);
    assert.equal(logged.code, '22P02');
    assert.equal(logged.table, 'candidates');
    assert.equal(logged.constraint, 'candidates_pkey');
    assert.match(logged.stack ?? '', /\n\s+at /, 'the stack frames stay');
    for (const secret of ['Camille', 'camille@example.org', 'scrypt$', 'Failing row', 'PL/pgSQL']) assert.ok(!text.includes(secret), `${secret} in ${text}`);
  });

  it('keeps an ordinary error’s message and walks its cause', () => {
    const logged = safeError(new Error('mailer down', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }));
    assert.equal(logged.message, 'mailer down');
    assert.equal(logged.cause?.code, 'ECONNREFUSED');
    assert.equal(safeError('a string with camille@example.org').message, 'a non-Error value was thrown');
  });
});

describe('logger redaction', () => {
  it('censors cookies, authorization headers, passwords and tokens wherever code logs them', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions({ nodeEnv: 'production', logLevel: 'info' }, { stream: { write: (line) => lines.push(line) } }) });
    app.log.info(
      {
        req: { method: 'POST', url: '/auth/password/sign-in', headers: { cookie: 'rec_session=cookie-secret-1', authorization: 'Bearer auth-secret-2' } },
        res: { headers: { 'set-cookie': 'rec_session=cookie-secret-3' } },
        password: 'password-secret-4',
        body: { newPassword: 'password-secret-5', token: 'token-secret-6' },
        account: { passwordHash: 'scrypt$131072$8$1$secret-7' },
      },
      'something happened',
    );
    await app.close();
    const log = lines.join('');
    assert.match(log, /something happened/);
    for (const secret of ['cookie-secret-1', 'auth-secret-2', 'cookie-secret-3', 'password-secret-4', 'password-secret-5', 'token-secret-6', 'secret-7']) {
      assert.ok(!log.includes(secret), `${secret} in ${log}`);
    }
  });

  it('censors secret keys at any depth, in arrays and whatever their case, without touching the logged object', async () => {
    const logged = {
      job: { name: 'digest', runs: [{ account: { Authorization: 'Bearer deep-secret-1', profile: { sessionToken: 'deep-secret-2' } } }] },
      sso: { provider: { clientSecret: 'deep-secret-3', issuer: 'https://idp.example' } },
      headers: { 'X-API-Key': 'deep-secret-4', 'content-type': 'application/json' },
      count: 3,
    };
    const before = JSON.stringify(logged);
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions({ nodeEnv: 'production', logLevel: 'info' }, { stream: { write: (line) => lines.push(line) } }) });
    app.log.warn(logged, 'job failed');
    await app.close();
    const line = JSON.parse(lines.join(''));
    assert.equal(line.job.runs[0].account.Authorization, REDACTED);
    assert.equal(line.job.runs[0].account.profile.sessionToken, REDACTED);
    assert.equal(line.sso.provider.clientSecret, REDACTED);
    assert.equal(line.sso.provider.issuer, 'https://idp.example', 'what is not a secret stays');
    assert.equal(line.headers['X-API-Key'], REDACTED);
    assert.equal(line.headers['content-type'], 'application/json');
    assert.equal(line.count, 3);
    assert.equal(JSON.stringify(logged), before, 'the caller’s object is not modified');
    const clean = { a: { b: [1, { c: 'x' }] } };
    assert.equal(redactSecrets(clean), clean, 'a line without secrets is not copied');
  });

  it('is no pino redact option: nothing runs for a request that writes no line', () => {
    // pino's `redact` paths run on every child logger, one per request (11.5% of the public API's CPU, issue 27).
    const options = loggerOptions({ nodeEnv: 'production', logLevel: 'info' }, { stdoutIsTTY: false }) as Record<string, unknown>;
    assert.equal(options.redact, undefined);
  });
});

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  access?: string;
  req?: { method: string; url: string; route?: string };
  res?: { statusCode: number };
  responseTime?: number;
  err?: { code?: string };
}

/** An app with the production logger options, the access log and three routes: fast, slow (150 ms) and failing. */
async function accessLogApp(settings: AccessLogSettings, options: { random?: () => number; logLevel?: 'info' | 'warn' } = {}) {
  const lines: string[] = [];
  const app = Fastify({
    logger: loggerOptions({ nodeEnv: 'production', logLevel: options.logLevel ?? 'info' }, { stream: { write: (line) => lines.push(line) } }),
    logController: new AccessLogController(settings, options.random),
  });
  registerErrorHandler(app);
  app.get('/v2/jobs', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    return { ok: true };
  });
  app.get('/boom', async () => {
    throw Object.assign(new Error('invalid input syntax for type uuid: "camille@example.org"'), { code: '22P02', severity: 'ERROR' });
  });
  await app.ready();
  const entries = () => lines.map((line) => JSON.parse(line) as LogLine);
  return { app, lines, entries };
}

describe('access log', () => {
  it('writes nothing for an ordinary request that is not sampled (no "incoming request" either)', async () => {
    const { app, entries } = await accessLogApp(DEFAULT_ACCESS_LOG, { random: () => 0.5 });
    for (let i = 0; i < 20; i++) assert.equal((await app.inject('/v2/jobs')).statusCode, 200);
    await app.close();
    assert.deepEqual(entries(), []);
  });

  it('writes one info line for a sampled request: method, secret-free URL, route, status, time, reason', async () => {
    const draws = [0.5, 0.005, 0.5];
    const { app, entries } = await accessLogApp(DEFAULT_ACCESS_LOG, { random: () => draws.shift() ?? 0.5 });
    for (const url of ['/v2/jobs?page=1', '/v2/jobs?search=Camille%20Martin&page=2', '/v2/jobs']) await app.inject(url);
    await app.close();
    const [line, ...others] = entries();
    assert.deepEqual(others, []);
    assert.equal(line?.level, 30);
    assert.equal(line?.msg, 'request completed');
    assert.equal(line?.access, 'sampled');
    assert.deepEqual(line?.req, { method: 'GET', url: '/v2/jobs?search=[redacted]&page=2', route: '/v2/jobs' });
    assert.deepEqual(line?.res, { statusCode: 200 });
    assert.equal(typeof line?.responseTime, 'number');
    assert.ok(line?.reqId, 'the request id joins it to the request’s other lines');
  });

  it('always writes a slow request (warn) and a failed one (error, with the request and a safe error)', async () => {
    const { app, entries } = await accessLogApp({ mode: 'sampled', sample: 0, slowMs: 100 }, { random: () => 0 });
    await app.inject('/v2/jobs');
    await app.inject('/slow');
    assert.equal((await app.inject('/boom')).statusCode, 500);
    await app.close();
    const lines = entries();
    const slow = lines.find((line) => line.access === 'slow');
    assert.equal(slow?.level, 40);
    assert.equal(slow?.req?.url, '/slow');
    assert.ok((slow?.responseTime ?? 0) >= 100);
    const failed = lines.find((line) => line.msg === 'request failed');
    assert.equal(failed?.level, 50);
    assert.equal(failed?.req?.url, '/boom');
    assert.equal(failed?.err?.code, '22P02');
    const completed = lines.find((line) => line.access === 'error');
    assert.equal(completed?.level, 50);
    assert.equal(completed?.res?.statusCode, 500);
    assert.equal(completed?.reqId, failed?.reqId);
    assert.equal(lines.length, 3, JSON.stringify(lines));
    assert.doesNotMatch(JSON.stringify(lines), /camille/);
  });

  it('writes every request with LOG_ACCESS=all, one line each; LOG_LEVEL=warn keeps only the slow and failed ones', async () => {
    const all = await accessLogApp({ mode: 'all', sample: 0, slowMs: 0 });
    for (let i = 0; i < 5; i++) await all.app.inject('/v2/jobs');
    await all.app.close();
    assert.deepEqual(
      all.entries().map((line) => [line.msg, line.access]),
      Array.from({ length: 5 }, () => ['request completed', 'all']),
    );

    const quiet = await accessLogApp({ mode: 'all', sample: 1, slowMs: 100 }, { logLevel: 'warn' });
    await quiet.app.inject('/v2/jobs');
    await quiet.app.inject('/slow');
    await quiet.app.close();
    assert.deepEqual(
      quiet.entries().map((line) => line.access),
      ['slow'],
    );
  });
});

describe('log format', () => {
  it('is readable at a development terminal, JSON in production, when piped and in tests', () => {
    assert.equal(logFormat('development', true), 'pretty');
    assert.equal(logFormat('development', false), 'json');
    assert.equal(logFormat('production', true), 'json');
    assert.equal(logFormat('test', true), 'json');
    const pretty = loggerOptions({ nodeEnv: 'development', logLevel: 'info' }, { stdoutIsTTY: true });
    assert.equal((pretty as { transport?: { target: string } }).transport?.target, 'pino-pretty');
    const json = loggerOptions({ nodeEnv: 'production', logLevel: 'info' }, { stdoutIsTTY: true });
    assert.equal((json as { transport?: unknown }).transport, undefined);
    // The transport is loaded by name at start-up: it must be installed.
    assert.ok(createRequire(import.meta.url).resolve('pino-pretty'));
  });
});
