import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, DEFAULT_ACCESS_LOG, DEFAULT_UPLOAD_LIMITS, loadConfig } from './config';

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
      accessLog: { mode: 'sampled', sample: 0.01, slowMs: 500 },
      distDir: `${REPO}dist`,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Recruitment platform <no-reply@localhost>',
      indeedClientId: undefined,
      retentionDays: 730,
      trustProxy: false,
      twoFactorKey: undefined,
      uploadLimits: DEFAULT_UPLOAD_LIMITS,
      seedDemo: false,
      fileStore: { driver: 'disk' },
      realtimeSocketsPerAddress: 20,
      apiRateLimits: { perKeyPerMinute: 600, anonymousPerMinute: 1200 },
      outboundAllowPrivate: [],
      dnsServers: undefined,
    });
  });

  it('reads OUTBOUND_ALLOW_PRIVATE (all under NODE_ENV=test unless set) and DNS_SERVERS, and refuses anything else', () => {
    assert.deepEqual(loadConfig({ NODE_ENV: 'production' }).outboundAllowPrivate, []);
    assert.equal(loadConfig({ NODE_ENV: 'test' }).outboundAllowPrivate, 'all');
    assert.deepEqual(loadConfig({ NODE_ENV: 'test', OUTBOUND_ALLOW_PRIVATE: '0' }).outboundAllowPrivate, []);
    assert.equal(loadConfig({ OUTBOUND_ALLOW_PRIVATE: '1' }).outboundAllowPrivate, 'all');
    assert.deepEqual(loadConfig({ OUTBOUND_ALLOW_PRIVATE: '10.20.0.0/16, fd00::/8,192.168.1.5' }).outboundAllowPrivate, ['10.20.0.0/16', 'fd00::/8', '192.168.1.5']);
    assert.deepEqual(loadConfig({ DNS_SERVERS: '1.1.1.1, 9.9.9.9:53' }).dnsServers, ['1.1.1.1', '9.9.9.9:53']);
    for (const bad of ['yes', 'intranet.example', '10.0.0.0/33', '10.0.0.0/8/1']) {
      assert.throws(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: bad }), (error: unknown) => error instanceof ConfigError && error.message.includes('OUTBOUND_ALLOW_PRIVATE='));
    }
    assert.throws(() => loadConfig({ DNS_SERVERS: 'dns.example' }), (error: unknown) => error instanceof ConfigError && error.message.includes('DNS_SERVERS='));
  });

  it('chooses the file store: disk with the embedded database, postgres with DATABASE_URL, s3 with a bucket', () => {
    assert.deepEqual(loadConfig({}).fileStore, { driver: 'disk' });
    assert.deepEqual(loadConfig({ DATABASE_URL: 'postgres://db/rec' }).fileStore, { driver: 'postgres', maxBytes: 20 * 1024 * 1024 * 1024 });
    assert.deepEqual(loadConfig({ DATABASE_URL: 'postgres://db/rec', FILE_STORE: 'disk' }).fileStore, { driver: 'disk' });
    assert.deepEqual(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'rec-files', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '1' }).fileStore, {
      driver: 's3',
      bucket: 'rec-files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      maxBytes: 20 * 1024 * 1024 * 1024,
    });
    assert.deepEqual(loadConfig({ DATABASE_URL: 'postgres://db/rec', FILE_STORE_MAX_MB: '2048' }).fileStore, { driver: 'postgres', maxBytes: 2048 * 1024 * 1024 });
    assert.throws(() => loadConfig({ FILE_STORE: 's3' }), (error: unknown) => error instanceof ConfigError && error.message.includes('S3_BUCKET'));
    assert.throws(() => loadConfig({ FILE_STORE: 'ftp' }), (error: unknown) => error instanceof ConfigError && error.message.includes('FILE_STORE='));
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxy addresses, and refuses anything else', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).trustProxy, ['10.0.0.1', '10.1.0.0/16', '::1', 'loopback']);
    for (const bad of ['yes', 'proxy.internal', '10.0.0.1;rm', '-1']) {
      assert.throws(() => loadConfig({ TRUST_PROXY: bad }), (error: unknown) => error instanceof ConfigError && error.message.includes('TRUST_PROXY='));
    }
  });

  it('takes TWO_FACTOR_KEY as 32 bytes in hex or base64 and refuses any other length', () => {
    const hex = 'ab'.repeat(32);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    assert.equal(loadConfig({ TWO_FACTOR_KEY: hex }).twoFactorKey, hex);
    assert.equal(loadConfig({ TWO_FACTOR_KEY: base64 }).twoFactorKey, base64);
    for (const bad of ['ab'.repeat(16), Buffer.alloc(16).toString('base64'), 'not a key']) {
      assert.throws(() => loadConfig({ TWO_FACTOR_KEY: bad }), (error: unknown) => error instanceof ConfigError && error.message.includes('TWO_FACTOR_KEY='));
    }
  });

  it('reads the access log settings: sampled by default, every request with LOG_ACCESS=all, slow requests over LOG_SLOW_MS', () => {
    assert.deepEqual(loadConfig({}).accessLog, DEFAULT_ACCESS_LOG);
    assert.deepEqual(loadConfig({ LOG_ACCESS: 'all', LOG_ACCESS_SAMPLE: '0', LOG_SLOW_MS: '0' }).accessLog, { mode: 'all', sample: 0, slowMs: 0 });
    assert.deepEqual(loadConfig({ LOG_ACCESS_SAMPLE: '0.25', LOG_SLOW_MS: '2000' }).accessLog, { mode: 'sampled', sample: 0.25, slowMs: 2000 });
    assert.equal(loadConfig({ LOG_ACCESS_SAMPLE: '1' }).accessLog.sample, 1);
    assert.equal(loadConfig({ LOG_ACCESS_SAMPLE: '1.0' }).accessLog.sample, 1);
    for (const [key, value] of [
      ['LOG_ACCESS', 'none'],
      ['LOG_ACCESS', 'ALL'],
      ['LOG_ACCESS_SAMPLE', '1.5'],
      ['LOG_ACCESS_SAMPLE', '-0.1'],
      ['LOG_ACCESS_SAMPLE', '1%'],
      ['LOG_ACCESS_SAMPLE', '.5'],
      ['LOG_SLOW_MS', '0.5'],
      ['LOG_SLOW_MS', '500ms'],
    ] as const) {
      assert.throws(() => loadConfig({ [key]: value }), (error: unknown) => error instanceof ConfigError && error.message.includes(`${key}=`), `${key}=${value}`);
    }
  });

  it('reads the upload bounds in files and megabytes', () => {
    const { uploadLimits } = loadConfig({
      UPLOAD_PENDING_PER_IP: '3',
      UPLOAD_PENDING_MB_PER_IP: '4',
      UPLOAD_PENDING_PER_COMPANY: '5',
      UPLOAD_PENDING_MB_PER_COMPANY: '6',
      UPLOAD_MIN_FREE_MB: '7',
      UPLOAD_PENDING_MINUTES: '8',
      UPLOAD_FILES_PER_STEP: '9',
      UPLOAD_MB_PER_STEP: '10',
      UPLOAD_FILES_PER_APPLICATION: '11',
      UPLOAD_MB_PER_APPLICATION: '12',
      UPLOAD_REQUESTS_PER_MINUTE_PER_IP: '13',
      UPLOAD_REQUESTS_PER_MINUTE_PER_TOKEN: '14',
    });
    const MB = 1024 * 1024;
    assert.deepEqual(uploadLimits, {
      perIpCount: 3,
      perIpBytes: 4 * MB,
      perCompanyCount: 5,
      perCompanyBytes: 6 * MB,
      minFreeBytes: 7 * MB,
      pendingMinutes: 8,
      perStepCount: 9,
      perStepBytes: 10 * MB,
      perApplicationCount: 11,
      perApplicationBytes: 12 * MB,
      perIpPerMinute: 13,
      perTokenPerMinute: 14,
    });
    assert.throws(() => loadConfig({ UPLOAD_MIN_FREE_MB: '1.5GB' }), /UPLOAD_MIN_FREE_MB=/);
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

  it('reads PASSKEY_ORIGIN only when set (passkeys otherwise follow PUBLIC_URL)', () => {
    assert.equal(loadConfig({ PASSKEY_ORIGIN: 'http://localhost:3321' }).passkeyOrigin, 'http://localhost:3321');
    assert.equal(loadConfig({ PASSKEY_ORIGIN: 'https://jobs.example.com' }).passkeyOrigin, 'https://jobs.example.com');
    assert.ok(!('passkeyOrigin' in loadConfig({})));
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
    // Passkeys need an https origin (localhost aside), without a path.
    [{ PASSKEY_ORIGIN: 'http://jobs.example.com' }, /PASSKEY_ORIGIN/],
    [{ PASSKEY_ORIGIN: 'https://jobs.example.com/app' }, /PASSKEY_ORIGIN/],
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
