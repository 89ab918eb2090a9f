import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { type AuthOptions, type BuildAppOptions, buildApp } from '../app';
import type { Database } from '../db/schema';
import { createMailer, readOutbox } from '../modules/mail/mailer';
import { testAppConfig } from './test-database';

/** The origin of testAppConfig's public URL: what a browser on our pages sends. */
export const OWN_ORIGIN = 'http://rec.test';

export interface AuthTestApp {
  app: FastifyInstance;
  outboxDir: string;
  /** The fake clock: moves every service's "now". */
  advance(ms: number): void;
  /** Mails of the outbox after every background send finished, newest first. */
  mails(): ReturnType<typeof readOutbox>;
  /**
   * A session for the account without a password round (scrypt is slow; sign-in has its own tests),
   * as complete as a real sign-in makes it: a person with a factor counts as having given it. The
   * two-factor rules still hold: an account that must enrol and has no factor gets an enrol-only
   * session (every admin, a member of a company requiring two-factor).
   */
  cookieFor(accountId: string): Promise<string>;
}

/**
 * An app on `db` with a fake clock, its own outbox and rate-limit counters, and a cheap scrypt
 * cost for the passwords it hashes (the seeded ones keep the production cost).
 */
export async function buildAuthTestApp(
  db: Kysely<Database>,
  options: { config?: Partial<BuildAppOptions['config']>; auth?: AuthOptions } = {},
): Promise<AuthTestApp> {
  let time = Date.now();
  const outboxDir = mkdtempSync(join(tmpdir(), 'rec-outbox-test-'));
  const config = testAppConfig(options.config);
  const app = await buildApp({
    db,
    config,
    logger: false,
    auth: {
      now: () => new Date(time),
      scryptCost: 2 ** 10,
      mailer: createMailer({ from: 'test@rec.test', outboxDir }),
      ...options.auth,
    },
  });
  const cookieName = config.publicUrl.startsWith('https://') ? '__Host-rec_session' : 'rec_session';
  return {
    app,
    outboxDir,
    advance(ms) {
      time += ms;
    },
    async mails() {
      await app.accounts.background.idle();
      return readOutbox(outboxDir);
    },
    async cookieFor(accountId) {
      const { token } = await app.accounts.sessions.create(accountId, null, { factorProven: true });
      return `${cookieName}=${token}`;
    },
  };
}

/** `name=value` of the session cookie a response sets, and its attributes. */
export function setCookieOf(response: LightMyRequestResponse): { pair: string; header: string } | undefined {
  const raw = response.headers['set-cookie'];
  const header = (Array.isArray(raw) ? raw : raw ? [raw] : []).find((line) => /rec_session=/.test(line));
  if (!header) return undefined;
  return { pair: header.split(';')[0] ?? '', header };
}

/** The token at the end of the first link of a mail. */
export function tokenOfLink(link: string | undefined): string {
  const token = link?.split('/').pop();
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
