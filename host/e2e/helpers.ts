import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

// Seeded demo ids (packages/server/src/seed/demo-ids.ts).
/** The demo company, Lumen Robotics. */
export const LUMEN = '64b0c0de0000000000000001';
/** The channel of the demo career site's sample offer (Embedded Software Engineer). */
export const SAMPLE_CHANNEL = '64b0c4a10000000000000001';

/** A small but real one-page PDF, made here. */
export function smallPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** Runs axe on the page (or only below `include`) and expects no violation, listed by rule and target. */
export async function expectNoAxeViolation(page: Page, include?: string): Promise<void> {
  // Judge the page a user reads, not one caught mid-request: give loading regions a moment to settle.
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  // The node's html and axe's summary (colours, ratio) make a failure readable from the CI log alone.
  const describe = (node: (typeof results.violations)[number]['nodes'][number]) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`.replace(/\s+/g, ' ');
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map(describe).join(', ')}`)).toEqual([]);
}

type Account = { email: string; password: string };

/**
 * Sessions of this run, one file per account. Under the e2e data dir, which the web server
 * empties at start, so every run signs each account in afresh.
 */
const SESSIONS_DIR = join(tmpdir(), `rec-e2e-${process.env.E2E_PORT ?? 3107}`, 'e2e-sessions');

/**
 * Signs the account in and lands on its home. The server allows 5 sign-ins per email and 20 per
 * address in 15 minutes (a security rule the auth tests prove), and the suite has more tests than
 * that per account: the first call goes through the forms and keeps the session; later calls reuse
 * it while the server still knows it (a test that signed out ends it: the forms again).
 */
export async function signIn(page: Page, account: Account): Promise<void> {
  const file = join(SESSIONS_DIR, `${account.email}.json`);
  if (existsSync(file)) {
    const { cookies } = JSON.parse(readFileSync(file, 'utf8'));
    await page.context().addCookies(cookies);
    if ((await page.request.get('/auth/session-v2')).ok()) {
      // /login sends a signed-in person to their home (spec §2), as the form does after signing in.
      await page.goto('/login');
      return;
    }
    await page.context().clearCookies();
  }
  await signInThroughForm(page, account);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  mkdirSync(SESSIONS_DIR, { recursive: true });
  await page.context().storageState({ path: file });
}

/** Signs in through the forms: /login -> /login/password -> the role's home. */
export async function signInThroughForm(page: Page, { email, password }: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue with password' }).click();
  await expect(page).toHaveURL(/\/login\/password\?email=/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A mail of the local outbox (`/dev/outbox.json`, development servers only). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

/** Waits for the outbox mail to `email` that `match` accepts (mails go out after the answer). */
export async function mailTo(request: APIRequestContext, email: string, match: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/dev/outbox.json')).json()) as OutboxMail[];
      found = mails.find((mail) => mail.to.includes(email) && match(mail));
      return !!found;
    })
    .toBe(true);
  return found!;
}
