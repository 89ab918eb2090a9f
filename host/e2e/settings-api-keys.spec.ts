import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { test } from './test';
import { createCompany, type FixtureCompany, signInTo } from './fixtures';
import { expectNoAxeViolation } from './helpers';

/**
 * Issue 30, company API keys: the owner (her interface speaks French) creates a key that reads
 * openings, sees its token once and copies it, calls the API with it (reads work, a write is
 * refused for its scope), then revokes it with the keyboard and the key stops working. In a company
 * of its own (fixtures.ts): no other test sees its keys.
 */
let company: FixtureCompany;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fr = JSON.parse(readFileSync(join(ROOT, 'locales/app/fr.json'), 'utf8'));
type KeyText = 'title' | 'name' | 'create' | 'created' | 'tokenTitle' | 'token' | 'copy' | 'copied' | 'scopeOf' | 'done' | 'revokeNamed' | 'revoked' | 'revokedOn';
const keys = fr.apiKeys as Record<KeyText, string> & { resources: { openings: string }; levels: { read: string } };
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).or(page.getByRole('alert').filter({ hasText: text })).first();

test.setTimeout(90_000);

test.beforeEach(async ({ page }) => {
  company = await createCompany();
  await signInTo(page.context(), company, 'owner');
});

test('the owner creates an API key, sees it once, uses it on the API, and revokes it', async ({ page, request }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `Intégration E2E ${Date.now()}`;
  await page.goto('/recruiter/settings_new/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: keys.title })).toBeVisible();
  await expectNoAxeViolation(page);

  await page.getByLabel(keys.name, { exact: true }).fill(name);
  await page.getByLabel(keys.resources.openings).selectOption('read');
  await page.getByRole('button', { name: keys.create }).click();
  await expect(toast(page, keys.created)).toBeVisible();

  // The token, once: focus lands on its heading; the copy button puts it on the clipboard.
  await expect(page.getByRole('heading', { name: fill(keys.tokenTitle, { name }) })).toBeFocused();
  const token = await page.getByLabel(keys.token, { exact: true }).inputValue();
  expect(token).toMatch(/^rec_live_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: keys.copy }).click();
  await expect(toast(page, keys.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(fill(keys.scopeOf, { resource: keys.resources.openings, level: keys.levels.read }));
  await expectNoAxeViolation(page);

  // The API with the key, no cookie: the company's openings are readable, a write is refused for its scope.
  const auth = { authorization: `Bearer ${token}` };
  const list = await request.get('/v2/jobs', { headers: auth });
  expect(list.status()).toBe(200);
  expect(list.headers()['ratelimit-policy']).toMatch(/^"api-key";q=\d+;w=60$/);
  expect(((await list.json()) as { items: { _id: string }[] }).items.map((item) => item._id)).toContain(company.steps.openingId);
  const write = await request.post('/v2/jobs', { headers: auth, data: { title: 'Par une clé', language: 'fr' } });
  expect(write.status()).toBe(403);
  expect((await write.json()).error).toBe('apiKeys.errors.scope');

  // Gone once done: the page never shows the token again.
  await page.getByRole('button', { name: keys.done }).click();
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  expect(await page.content()).not.toContain(token);

  // Revoke with the keyboard; the key stops working at once.
  const revoke = page.getByRole('button', { name: fill(keys.revokeNamed, { name }) });
  await revoke.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, keys.revoked)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(fill(keys.revokedOn, { date: '' }).trim());
  const refused = await request.get('/v2/jobs', { headers: auth });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe('apiKeys.errors.invalid');
});
