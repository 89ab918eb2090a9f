import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { isAddressRange } from './http/outbound-guard';

/** Runtime configuration, read once from the environment at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Absolute; the embedded database lives in `<dataDir>/pglite`. */
  dataDir: string;
  /** A real PostgreSQL server; undefined selects the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** Origin the public URLs (offer links, demo URLs) are built from, without a trailing slash. */
  publicUrl: string;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  /** Which requests get a log line (LOG_ACCESS, LOG_ACCESS_SAMPLE, LOG_SLOW_MS); see logging/access-log.ts. */
  accessLog: AccessLogSettings;
  /** Absolute; where the build writes `widgets/`, `host/` and `build-info.json`. */
  distDir: string;
  /** Rate-limit counters shared by every instance; undefined keeps them in memory. */
  redisUrl: string | undefined;
  /** SMTP server for outgoing mail; undefined writes mails to `<dataDir>/outbox`. */
  smtpUrl: string | undefined;
  /** Sender of outgoing mail. */
  mailFrom: string;
  /** Indeed OAuth client id: "apply with Indeed" is offered only when it is set. */
  indeedClientId: string | undefined;
  /** Days applications are kept (legal retention): an archived opening with younger ones cannot be deleted. */
  retentionDays: number;
  /**
   * Fastify's `trustProxy`: which proxies may tell us the client address (X-Forwarded-For).
   * false (default) uses the socket's address; a hop count, true or a list of proxy addresses.
   */
  trustProxy: boolean | number | string[];
  /** Bounds on uploads not (yet) attached to an application, and the free-space floor. */
  uploadLimits: UploadLimits;
  /** Seed the demo companies and accounts into an empty database even in production (SEED_DEMO=1). */
  seedDemo: boolean;
  /** Where uploaded files live (FILE_STORE): disk by default with the embedded database, postgres with DATABASE_URL. */
  fileStore: FileStoreConfig;
  /** Open websockets one client address may hold (REALTIME_SOCKETS_PER_ADDRESS); more are closed with 1013. */
  realtimeSocketsPerAddress?: number;
  /**
   * Requests per minute (issue 30): per API key (API_KEY_REQUESTS_PER_MINUTE) and per anonymous
   * client address on the API (ANONYMOUS_REQUESTS_PER_MINUTE, an IPv6 /64 counting as one; 0 turns it off).
   */
  apiRateLimits?: ApiRateLimits;
  /** TWO_FACTOR_KEY: 32 bytes (base64 or hex) sealing TOTP secrets; unset, a key generated into the database is used. */
  twoFactorKey?: string | undefined;
  /**
   * PASSKEY_ORIGIN: the origin passkeys are bound to (its host name is the WebAuthn RP ID);
   * unset, PUBLIC_URL's origin. For a PUBLIC_URL whose host is an IP address (WebAuthn needs a name).
   */
  passkeyOrigin?: string | undefined;
  /**
   * OUTBOUND_ALLOW_PRIVATE: the non-public addresses calls to company-typed URLs (SSO issuers) may
   * reach: 'all' (1), some CIDR ranges, or none (0). Unset: 'all' under NODE_ENV=test (the test IdP
   * runs on 127.0.0.1), none otherwise. See http/outbound-guard.ts.
   */
  outboundAllowPrivate?: 'all' | string[];
  /** DNS_SERVERS: resolvers asked for domain verification TXT records (comma-separated); unset, the system's. */
  dnsServers?: string[] | undefined;
}

/**
 * The access log: every request answered with a 5xx, every request slower than `slowMs` (0: none)
 * and a random `sample` (0 to 1) of the others; `mode: 'all'` logs every request.
 */
export interface AccessLogSettings {
  mode: 'sampled' | 'all';
  sample: number;
  slowMs: number;
}

/** One request in a hundred, and every one over half a second: enough to see traffic and trouble, not 440 MB in minutes. */
export const DEFAULT_ACCESS_LOG: AccessLogSettings = { mode: 'sampled', sample: 0.01, slowMs: 500 };

export interface ApiRateLimits {
  perKeyPerMinute: number;
  anonymousPerMinute: number;
}
/** Ten calls a second for an integration; an anonymous address gets twice that, so widgets on a busy office network are never refused. */
export const DEFAULT_API_RATE_LIMITS: ApiRateLimits = { perKeyPerMinute: 600, anonymousPerMinute: 1200 };

/** Enough for a recruiter with a dozen tabs behind one office address; 400 sockets of one attacker are not. */
export const DEFAULT_REALTIME_SOCKETS_PER_ADDRESS = 20;

/** The file store driver and, for s3, its bucket (credentials come from the SDK's usual variables). */
export type FileStoreConfig =
  | { driver: 'disk' }
  | { driver: 'postgres'; maxBytes?: number }
  | { driver: 's3'; bucket: string; region: string; endpoint?: string; forcePathStyle?: boolean; maxBytes?: number };

/** What one client address and one company may hold in unattached uploads, and when the disk is too full. */
export interface UploadLimits {
  /** Unattached CVs one client address (an IPv6 /64) may hold. */
  perIpCount: number;
  perIpBytes: number;
  /** Unattached CVs of one company, beyond each address's first (which is always taken: no outsider closes a company). */
  perCompanyCount: number;
  perCompanyBytes: number;
  /** How long an unattached CV is kept (and counted) before the sweep removes it. */
  pendingMinutes: number;
  /** New uploads are refused (507) once the file store has less free space than this. */
  minFreeBytes: number;
  /** Files answering one form step, and their bytes. */
  perStepCount: number;
  perStepBytes: number;
  /** Everything one application's steps hold: form files and interview answers. */
  perApplicationCount: number;
  perApplicationBytes: number;
  /** Upload requests (step files, interview chunks) per minute per client address, and per application's token or session. */
  perIpPerMinute: number;
  perTokenPerMinute: number;
}

const MB = 1024 * 1024;
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  // A candidate retrying a few times stays far below; a script filling the disk does not.
  perIpCount: 20,
  perIpBytes: 50 * MB,
  perCompanyCount: 500,
  perCompanyBytes: 1024 * MB,
  // Long enough to fill in the form a CV was chosen for; short enough that held files turn over.
  pendingMinutes: 20,
  minFreeBytes: 1024 * MB,
  perStepCount: 10,
  perStepBytes: 50 * MB,
  // Ten questions with a retake each stay below; a script filling the database does not.
  perApplicationCount: 80,
  perApplicationBytes: 1024 * MB,
  // A recording sends about one chunk a second.
  perIpPerMinute: 600,
  perTokenPerMinute: 180,
};

/** With FILE_STORE=postgres or s3 the store cannot measure its volume: this is its capacity. */
export const DEFAULT_FILE_STORE_MAX_MB = 20 * 1024;

const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The repository root, so `dist/` is found whatever the working directory is. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const wholeNumber = (message: string) => v.pipe(v.string(), v.regex(/^\d{1,9}$/, message), v.transform(Number));

/** An IPv4/IPv6 address or CIDR range, as proxy-addr accepts them (plus its names loopback, linklocal, uniquelocal). */
const PROXY_ADDRESS = /^(?:loopback|linklocal|uniquelocal|[\d.]{7,15}(?:\/\d{1,2})?|[\da-fA-F:.]{2,45}(?:\/\d{1,3})?)$/;

const TrustProxySchema = v.pipe(
  v.string(),
  v.check(
    (value) => /^(?:true|false|\d{1,2})$/.test(value) || value.split(',').every((item) => PROXY_ADDRESS.test(item.trim())),
    'must be true, false, a hop count (1, 2...) or a comma-separated list of proxy addresses or CIDR ranges',
  ),
  v.transform((value): boolean | number | string[] => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((item) => item.trim());
  }),
);

const EnvSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'must be a whole number between 0 and 65535'),
      v.transform(Number),
      v.maxValue(65535, 'must be a whole number between 0 and 65535'),
    ),
    '3000',
  ),
  HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.:-]+$/, 'must be a host name or an IP address')), '127.0.0.1'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(?:ql)?:\/\/\S+$/, 'must be a postgres:// (or postgresql://) URL'))),
  PUBLIC_URL: v.optional(
    v.pipe(
      v.string(),
      v.url('must be an absolute http(s) URL'),
      v.regex(/^https?:\/\//, 'must be an absolute http(s) URL'),
      v.transform((url) => url.replace(/\/+$/, '')),
    ),
  ),
  NODE_ENV: v.optional(v.picklist(NODE_ENVS, `must be one of ${NODE_ENVS.join(', ')}`), 'development'),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)),
  LOG_ACCESS: v.optional(v.picklist(['sampled', 'all'], 'must be sampled or all'), DEFAULT_ACCESS_LOG.mode),
  LOG_ACCESS_SAMPLE: v.optional(
    v.pipe(v.string(), v.regex(/^(?:0(?:\.\d{1,6})?|1(?:\.0{1,6})?)$/, 'must be a fraction from 0 to 1 (0.01: one request in a hundred)'), v.transform(Number)),
    String(DEFAULT_ACCESS_LOG.sample),
  ),
  LOG_SLOW_MS: v.optional(wholeNumber('must be a whole number of milliseconds (0: no slow-request lines)'), String(DEFAULT_ACCESS_LOG.slowMs)),
  DIST_DIR: v.optional(v.string()),
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\/\S+$/, 'must be a redis:// (or rediss://) URL'))),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// (or smtps://) URL'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.maxLength(200)), 'Recruitment platform <no-reply@localhost>'),
  RETENTION_DAYS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a whole number of days'), v.transform(Number)), '730'),
  INDEED_CLIENT_ID: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]{1,200}$/, 'must be an OAuth client id (letters, digits, . _ -)'))),
  TRUST_PROXY: v.optional(TrustProxySchema, 'false'),
  UPLOAD_PENDING_PER_IP: v.optional(wholeNumber('must be a whole number of files'), String(DEFAULT_UPLOAD_LIMITS.perIpCount)),
  UPLOAD_PENDING_MB_PER_IP: v.optional(wholeNumber('must be a whole number of megabytes'), String(DEFAULT_UPLOAD_LIMITS.perIpBytes / MB)),
  UPLOAD_PENDING_PER_COMPANY: v.optional(wholeNumber('must be a whole number of files'), String(DEFAULT_UPLOAD_LIMITS.perCompanyCount)),
  UPLOAD_PENDING_MB_PER_COMPANY: v.optional(wholeNumber('must be a whole number of megabytes'), String(DEFAULT_UPLOAD_LIMITS.perCompanyBytes / MB)),
  API_KEY_REQUESTS_PER_MINUTE: v.optional(wholeNumber('must be a whole number of requests'), String(DEFAULT_API_RATE_LIMITS.perKeyPerMinute)),
  ANONYMOUS_REQUESTS_PER_MINUTE: v.optional(wholeNumber('must be a whole number of requests'), String(DEFAULT_API_RATE_LIMITS.anonymousPerMinute)),
  REALTIME_SOCKETS_PER_ADDRESS: v.optional(wholeNumber('must be a whole number of sockets'), String(DEFAULT_REALTIME_SOCKETS_PER_ADDRESS)),
  UPLOAD_MIN_FREE_MB: v.optional(wholeNumber('must be a whole number of megabytes'), String(DEFAULT_UPLOAD_LIMITS.minFreeBytes / MB)),
  UPLOAD_PENDING_MINUTES: v.optional(wholeNumber('must be a whole number of minutes'), String(DEFAULT_UPLOAD_LIMITS.pendingMinutes)),
  UPLOAD_FILES_PER_STEP: v.optional(wholeNumber('must be a whole number of files'), String(DEFAULT_UPLOAD_LIMITS.perStepCount)),
  UPLOAD_MB_PER_STEP: v.optional(wholeNumber('must be a whole number of megabytes'), String(DEFAULT_UPLOAD_LIMITS.perStepBytes / MB)),
  UPLOAD_FILES_PER_APPLICATION: v.optional(wholeNumber('must be a whole number of files'), String(DEFAULT_UPLOAD_LIMITS.perApplicationCount)),
  UPLOAD_MB_PER_APPLICATION: v.optional(wholeNumber('must be a whole number of megabytes'), String(DEFAULT_UPLOAD_LIMITS.perApplicationBytes / MB)),
  UPLOAD_REQUESTS_PER_MINUTE_PER_IP: v.optional(wholeNumber('must be a whole number of requests'), String(DEFAULT_UPLOAD_LIMITS.perIpPerMinute)),
  UPLOAD_REQUESTS_PER_MINUTE_PER_TOKEN: v.optional(wholeNumber('must be a whole number of requests'), String(DEFAULT_UPLOAD_LIMITS.perTokenPerMinute)),
  TWO_FACTOR_KEY: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => /^[0-9a-fA-F]{64}$/.test(value) || (/^[A-Za-z0-9+/]{43}=?$/.test(value) && Buffer.from(value, 'base64').length === 32), 'must be 32 bytes as 64 hex digits or base64'),
    ),
  ),
  PASSKEY_ORIGIN: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(?:https:\/\/[a-z0-9.-]+|http:\/\/localhost)(?::\d{1,5})?$/, 'must be an origin (https://host[:port], or http://localhost[:port]) without a path'),
    ),
  ),
  OUTBOUND_ALLOW_PRIVATE: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => /^(?:0|1|true|false)$/.test(value) || value.split(',').every((item) => isAddressRange(item.trim())),
        'must be 1 (every private address), 0 (none) or a comma-separated list of addresses or CIDR ranges',
      ),
      v.transform((value): 'all' | string[] => {
        if (value === '1' || value === 'true') return 'all';
        if (value === '0' || value === 'false') return [];
        return value.split(',').map((item) => item.trim());
      }),
    ),
  ),
  DNS_SERVERS: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => value.split(',').every((item) => /^(?:[\d.]{7,15}|\[?[\da-fA-F:]{2,39}\]?)(?::\d{1,5})?$/.test(item.trim())), 'must be a comma-separated list of IP addresses (with an optional :port)'),
      v.transform((value) => value.split(',').map((item) => item.trim())),
    ),
  ),
  FILE_STORE_MAX_MB: v.optional(wholeNumber('must be a whole number of megabytes'), String(DEFAULT_FILE_STORE_MAX_MB)),
  FILE_STORE: v.optional(v.picklist(['disk', 'postgres', 's3'], 'must be disk, postgres or s3')),
  S3_BUCKET: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name'))),
  S3_REGION: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,50}$/, 'must be a region name like eu-west-1 or auto')), 'us-east-1'),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'must be an http(s) URL'))),
  S3_FORCE_PATH_STYLE: v.optional(v.pipe(v.picklist(['0', '1', 'true', 'false'], 'must be 1 or 0'), v.transform((value) => value === '1' || value === 'true'))),
  SEED_DEMO: v.optional(v.pipe(v.picklist(['0', '1', 'true', 'false'], 'must be 1 or 0'), v.transform((value) => value === '1' || value === 'true')), '0'),
});

type EnvKey = keyof typeof EnvSchema.entries;

/**
 * Reads the configuration from `env`. A value that cannot work (PORT=abc, DATABASE_URL=mysql://...)
 * throws a ConfigError naming every bad variable, so a typo stops the start instead of surfacing
 * later as a confusing connection error.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  // Blank values count as unset: `DATABASE_URL= npm run serve` should mean "embedded".
  const input: Partial<Record<EnvKey, string>> = {};
  for (const key of Object.keys(EnvSchema.entries) as EnvKey[]) {
    const value = env[key]?.trim();
    if (value) input[key] = value;
  }

  const result = v.safeParse(EnvSchema, input);
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = String(issue.path?.[0]?.key ?? 'environment');
      return `  ${key}=${JSON.stringify(input[key as EnvKey] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }

  const parsed = result.output;
  const driver = parsed.FILE_STORE ?? (parsed.DATABASE_URL ? 'postgres' : 'disk');
  if (driver === 's3' && !parsed.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET="": FILE_STORE=s3 needs a bucket');
  const fileStore: FileStoreConfig =
    driver === 's3'
      ? { driver, bucket: parsed.S3_BUCKET ?? '', region: parsed.S3_REGION, endpoint: parsed.S3_ENDPOINT, forcePathStyle: parsed.S3_FORCE_PATH_STYLE, maxBytes: parsed.FILE_STORE_MAX_MB * MB }
      : driver === 'postgres'
        ? { driver, maxBytes: parsed.FILE_STORE_MAX_MB * MB }
        : { driver };
  const nodeEnv = parsed.NODE_ENV;
  const urlHost = parsed.HOST.includes(':') ? `[${parsed.HOST}]` : parsed.HOST;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(cwd, parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    publicUrl: parsed.PUBLIC_URL ?? `http://${urlHost}:${parsed.PORT}`,
    nodeEnv,
    logLevel: parsed.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    accessLog: { mode: parsed.LOG_ACCESS, sample: parsed.LOG_ACCESS_SAMPLE, slowMs: parsed.LOG_SLOW_MS },
    distDir: parsed.DIST_DIR ? resolve(cwd, parsed.DIST_DIR) : resolve(REPO_ROOT, 'dist'),
    redisUrl: parsed.REDIS_URL,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    indeedClientId: parsed.INDEED_CLIENT_ID,
    retentionDays: parsed.RETENTION_DAYS,
    trustProxy: parsed.TRUST_PROXY,
    uploadLimits: {
      perIpCount: parsed.UPLOAD_PENDING_PER_IP,
      perIpBytes: parsed.UPLOAD_PENDING_MB_PER_IP * MB,
      perCompanyCount: parsed.UPLOAD_PENDING_PER_COMPANY,
      perCompanyBytes: parsed.UPLOAD_PENDING_MB_PER_COMPANY * MB,
      pendingMinutes: parsed.UPLOAD_PENDING_MINUTES,
      minFreeBytes: parsed.UPLOAD_MIN_FREE_MB * MB,
      perStepCount: parsed.UPLOAD_FILES_PER_STEP,
      perStepBytes: parsed.UPLOAD_MB_PER_STEP * MB,
      perApplicationCount: parsed.UPLOAD_FILES_PER_APPLICATION,
      perApplicationBytes: parsed.UPLOAD_MB_PER_APPLICATION * MB,
      perIpPerMinute: parsed.UPLOAD_REQUESTS_PER_MINUTE_PER_IP,
      perTokenPerMinute: parsed.UPLOAD_REQUESTS_PER_MINUTE_PER_TOKEN,
    },
    seedDemo: parsed.SEED_DEMO,
    fileStore,
    realtimeSocketsPerAddress: parsed.REALTIME_SOCKETS_PER_ADDRESS,
    apiRateLimits: { perKeyPerMinute: parsed.API_KEY_REQUESTS_PER_MINUTE, anonymousPerMinute: parsed.ANONYMOUS_REQUESTS_PER_MINUTE },
    twoFactorKey: parsed.TWO_FACTOR_KEY,
    // Only when set: the default (PUBLIC_URL's origin) is taken where passkeys are verified.
    ...(parsed.PASSKEY_ORIGIN ? { passkeyOrigin: parsed.PASSKEY_ORIGIN } : {}),
    outboundAllowPrivate: parsed.OUTBOUND_ALLOW_PRIVATE ?? (nodeEnv === 'test' ? 'all' : []),
    dnsServers: parsed.DNS_SERVERS,
  };
}
