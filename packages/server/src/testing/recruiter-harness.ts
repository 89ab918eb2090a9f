import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from './auth-helpers';

export type Who = 'owner' | 'viewer' | 'otherOwner' | 'applicant';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An app on the suite's database with a session per demo account, calling from our own origin. */
export function recruiterHarness(context: { readonly db: Parameters<typeof buildAuthTestApp>[0] }, options: Parameters<typeof buildAuthTestApp>[1] = {}) {
  const state: { t?: AuthTestApp; cookies: Partial<Record<Who, string>> } = { cookies: {} };
  before(async () => {
    state.t = await buildAuthTestApp(context.db, options);
    for (const who of ['owner', 'viewer', 'otherOwner', 'applicant'] as const) state.cookies[who] = await state.t.cookieFor(DEMO_ACCOUNTS[who].id);
  });
  after(() => state.t?.app.close());
  return {
    get t(): AuthTestApp {
      if (!state.t) throw new Error('inside tests only');
      return state.t;
    },
    get app(): FastifyInstance {
      return this.t.app;
    },
    call(who: Who | undefined, method: Method, url: string, payload?: unknown) {
      const headers: Record<string, string> = { origin: OWN_ORIGIN };
      if (who) headers.cookie = state.cookies[who] ?? '';
      return this.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    },
  };
}

