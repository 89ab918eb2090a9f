import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';

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
  /** Seed the demo companies and accounts into an empty database even in production (SEED_DEMO=1). */
  seedDemo: boolean;
}

const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The repository root, so `dist/` is found whatever the working directory is. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export class ConfigError extends Error {
  override name = 'ConfigError';
}

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
  DIST_DIR: v.optional(v.string()),
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\/\S+$/, 'must be a redis:// (or rediss://) URL'))),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// (or smtps://) URL'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.maxLength(200)), 'Recruitment platform <no-reply@localhost>'),
  RETENTION_DAYS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a whole number of days'), v.transform(Number)), '730'),
  INDEED_CLIENT_ID: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]{1,200}$/, 'must be an OAuth client id (letters, digits, . _ -)'))),
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
    distDir: parsed.DIST_DIR ? resolve(cwd, parsed.DIST_DIR) : resolve(REPO_ROOT, 'dist'),
    redisUrl: parsed.REDIS_URL,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    indeedClientId: parsed.INDEED_CLIENT_ID,
    retentionDays: parsed.RETENTION_DAYS,
    seedDemo: parsed.SEED_DEMO,
  };
}
