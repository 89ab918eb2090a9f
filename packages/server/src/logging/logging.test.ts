import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { logFormat, loggerOptions } from './logger-options';
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
    const Fastify = (await import('fastify')).default;
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
