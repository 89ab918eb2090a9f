import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/app');
    assert.deepEqual(config, {
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      nodeEnv: 'development',
      logLevel: 'info',
      distDir: `${REPO}dist`,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Recruitment platform <no-reply@localhost>',
      indeedClientId: undefined,
      retentionDays: 730,
      seedDemo: false,
    });
  });

  it('reads every variable, resolving relative directories against the working directory', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/rec',
        DATABASE_URL: 'postgres://rec:secret@db.internal:5432/rec',
        PUBLIC_URL: 'https://jobs.example.com/',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DIST_DIR: '../build',
        REDIS_URL: 'redis://cache.internal:6379',
        SMTP_URL: 'smtps://mailer:secret@smtp.example.com',
        MAIL_FROM: 'Jobs <jobs@example.com>',
      },
      '/srv/app',
    );
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dataDir, '/srv/app/var/rec');
    assert.equal(config.databaseUrl, 'postgres://rec:secret@db.internal:5432/rec');
    assert.equal(config.publicUrl, 'https://jobs.example.com', 'trailing slash dropped');
    assert.equal(config.nodeEnv, 'production');
    assert.equal(config.logLevel, 'warn');
    assert.equal(config.distDir, '/srv/build');
    assert.equal(config.redisUrl, 'redis://cache.internal:6379');
    assert.equal(config.smtpUrl, 'smtps://mailer:secret@smtp.example.com');
    assert.equal(config.mailFrom, 'Jobs <jobs@example.com>');
  });

  it('derives the public URL from host and port, and quiets tests', () => {
    assert.equal(loadConfig({ PORT: '4000', HOST: 'localhost' }).publicUrl, 'http://localhost:4000');
    assert.equal(loadConfig({ HOST: '::1' }).publicUrl, 'http://[::1]:3000');
    assert.equal(loadConfig({ NODE_ENV: 'test' }).logLevel, 'warn');
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '  ', PUBLIC_URL: '' });
    assert.equal(config.port, 3000);
    assert.equal(config.databaseUrl, undefined);
  });

  it('accepts postgresql:// as well as postgres://', () => {
    assert.equal(loadConfig({ DATABASE_URL: 'postgresql://localhost/rec' }).databaseUrl, 'postgresql://localhost/rec');
  });

  const bad: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'abc' }, /PORT="abc": must be a whole number/],
    [{ PORT: '70000' }, /PORT="70000"/],
    [{ PORT: '-1' }, /PORT/],
    [{ DATABASE_URL: 'mysql://localhost/rec' }, /DATABASE_URL=.*postgres:\/\//],
    [{ DATABASE_URL: 'localhost:5432' }, /DATABASE_URL/],
    [{ PUBLIC_URL: 'jobs.example.com' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'ftp://jobs.example.com' }, /PUBLIC_URL/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV="staging": must be one of development, production, test/],
    [{ HOST: 'bad host' }, /HOST/],
  ];
  for (const [env, message] of bad) {
    it(`refuses ${JSON.stringify(env)} with a clear message`, () => {
      assert.throws(() => loadConfig(env), (error: Error) => error instanceof ConfigError && message.test(error.message));
    });
  }

  it('names every bad variable at once', () => {
    assert.throws(
      () => loadConfig({ PORT: 'x', DATABASE_URL: 'sqlite://x' }),
      (error: Error) => /PORT/.test(error.message) && /DATABASE_URL/.test(error.message),
    );
  });
});

describe('main with a bad configuration', () => {
  it('prints the problem and exits with status 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: REPO,
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /Invalid configuration:\n {2}PORT="abc": must be a whole number between 0 and 65535/);
  });
});
