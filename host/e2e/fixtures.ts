import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, request } from '@playwright/test';
import type { FixtureAdmin, FixtureAdminBody, FixtureCompany, FixtureCompanyBody } from '@rec/core/test-fixtures';

export type { FixtureAdmin, FixtureCompany } from '@rec/core/test-fixtures';

/** The test server every spec talks to (playwright.config.ts starts it on E2E_PORT). */
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3107}`;

/**
 * A company of the test's own (POST /test/fixtures/companies, test servers only): the demo's brand,
 * its step-flow opening on a board of its own with Sofia and Mathis done with the whole process
 * (real interview recordings), optionally a pipeline opening with applications in every stage, and
 * an owner and a viewer already signed in. Whatever a test changes there, no other test sees, and a
 * retry (which calls this again) starts from a clean company. Usable in `beforeAll` (no page needed).
 */
export async function createCompany(options: FixtureCompanyBody = {}): Promise<FixtureCompany> {
  // An empty storage: inside a test, new request contexts otherwise take the describe's `storageState` option.
  const api = await request.newContext({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });
  try {
    const answer = await api.post('/test/fixtures/companies', { data: options });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as FixtureCompany;
  } finally {
    await api.dispose();
  }
}

/**
 * A platform admin of the test's own (POST /test/fixtures/admins). By default it has a confirmed
 * authenticator app (`totpSecret`) and a complete session, as an admin must before acting (issue 32);
 * `enrolled: false` makes one without any factor or session, for the tests of the enrolment.
 */
export async function createAdmin(options: FixtureAdminBody = {}): Promise<FixtureAdmin> {
  const api = await request.newContext({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });
  try {
    const answer = await api.post('/test/fixtures/admins', { data: options });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as FixtureAdmin;
  } finally {
    await api.dispose();
  }
}

/** Signs the page's context in as the fixture admin (which must be `enrolled`: it has a session). */
export async function signInAdmin(context: BrowserContext, admin: FixtureAdmin): Promise<void> {
  if (!admin.session) throw new Error('a fixture admin without enrolment has no session');
  const { hostname } = new URL(BASE_URL);
  await context.addCookies([{ name: admin.sessionCookie, value: admin.session, domain: hostname, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }]);
}

type Who = 'owner' | 'viewer';

/** The browser storage of `who` signed in to the fixture company (for `browser.newContext` or `test.use`). */
export function sessionOf(company: FixtureCompany, who: Who): { cookies: Array<{ name: string; value: string; domain: string; path: string; expires: number; httpOnly: boolean; secure: boolean; sameSite: 'Lax' }>; origins: [] } {
  const { hostname } = new URL(BASE_URL);
  return {
    cookies: [{ name: company.sessionCookie, value: company[who].session, domain: hostname, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }],
    origins: [],
  };
}

/**
 * The file `saveSessionOf` writes `who`'s storage to: known before the company exists, so a describe
 * can say `test.use({ storageState: sessionFile(...) })` and fill the file in its `beforeAll`.
 */
export function sessionFile(name: string, who: Who): string {
  return join(tmpdir(), `rec-e2e-${name}-${who}-${process.pid}.json`);
}

/** Writes `who`'s storage of the fixture company to `sessionFile(name, who)`. */
export function saveSessionOf(company: FixtureCompany, who: Who, name: string): void {
  writeFileSync(sessionFile(name, who), JSON.stringify(sessionOf(company, who)));
}

/** Signs the page's context in as `who` of the fixture company. */
export async function signInTo(context: BrowserContext, company: FixtureCompany, who: Who): Promise<void> {
  await context.addCookies(sessionOf(company, who).cookies);
}

/** A new browser context signed in as `who`, and its page. */
export async function pageAs(browser: Browser, company: FixtureCompany, who: Who, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, ...options, storageState: sessionOf(company, who) });
  return context.newPage();
}

/** A call with the page's session, from the page itself (same origin, as the back-office makes it). */
export function callFromPage<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
    { method, url, body },
  ) as Promise<{ status: number; json: T }>;
}

/**
 * An opening of the test's own, made through the API as the page's signed-in recruiter would
 * (create, then publish or archive): give it a unique title.
 */
export async function createOpening(page: Page, body: { title: string; status?: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED'; [field: string]: unknown }): Promise<string> {
  const { status = 'DRAFT', ...fields } = body;
  const headers = { origin: BASE_URL };
  const created = await page.request.post('/v2/jobs', { data: { language: 'fr', ...fields }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  for (const action of status === 'DRAFT' ? [] : status === 'PUBLISHED' ? ['publish'] : ['publish', 'archive']) {
    const moved = await page.request.post(`/v2/jobs/${id}/${action}`, { headers });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return id;
}

/** A title no other test (nor an earlier attempt of this one) uses. */
export const uniqueTitle = (title: string) => `${title} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
