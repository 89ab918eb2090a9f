import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { createCompany, type FixtureCompany, signInTo } from './fixtures';
import { expectNoAxeViolation, mailTo, smallPdf } from './helpers';
import { test } from './test';

/**
 * Issue 13, talent pools and notifications: the owner (her interface speaks French) makes a pool,
 * adds Sofia to it from the candidate page, finds her in the pool, renames and deletes it; then
 * chooses to be mailed at once about new applications and receives the mail of the next one.
 * Each test in a company of its own (fixtures.ts): its pools and the owner's mail choices are seen
 * by no other test, and a retry starts from a fresh company.
 */
let company: FixtureCompany;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fr = JSON.parse(readFileSync(join(ROOT, 'locales/app/fr.json'), 'utf8'));
type PoolText = 'name' | 'create' | 'created' | 'addTo' | 'added' | 'showNamed' | 'members' | 'renameNamed' | 'newName' | 'renamed' | 'deleteNamed' | 'deleted';
const pools = fr.talentPools as Record<PoolText, string>;
const notify = fr.notificationSettings as { newApplications: string; frequency: Record<string, string>; mentions: string; save: string; saved: string };
/** Sofia, a candidate of the company's step-flow opening. */
const sofiaPage = () => `/recruiter/openings/${company.steps.openingId}/candidates/${company.steps.candidates[0].candidateId}`;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).or(page.getByRole('alert').filter({ hasText: text })).first();

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

test.beforeEach(async ({ page }) => {
  company = await createCompany();
  await signInTo(page.context(), company, 'owner');
});

test('the owner makes a talent pool, adds a candidate from her page, finds her there, renames and deletes the pool', async ({ page }) => {
  const name = `Vivier E2E ${Date.now()}`;
  await page.goto('/recruiter/settings_new/lists');
  await expect(page.getByRole('heading', { level: 1, name: fr.settingsNav.pages.lists })).toBeVisible();
  await page.getByLabel(pools.name, { exact: true }).fill(name);
  await page.getByRole('button', { name: pools.create }).click();
  await expect(toast(page, pools.created)).toBeVisible();
  await expect(page.getByRole('rowheader', { name })).toBeVisible();
  await expectNoAxeViolation(page);

  // From the candidate page: the menu lists the pools; choosing one adds her.
  await page.goto(sofiaPage());
  const menu = page.getByRole('button', { name: new RegExp(`^${pools.addTo}`) });
  await expect(menu).toBeVisible();
  await menu.click();
  await page.getByRole('menuitem', { name }).click();
  await expect(toast(page, pools.added)).toBeVisible();

  // Back in the settings: she is in the pool, with a link to her page (reached by keyboard).
  await page.goto('/recruiter/settings_new/lists');
  await page.getByRole('button', { name: fill(pools.showNamed, { name }) }).click();
  const members = page.getByRole('region', { name: fill(pools.members, { name }) }).or(page.locator('section[aria-labelledby="pool-members-title"]')).first();
  const link = members.getByRole('link', { name: /Sofia/ });
  await expect(link).toHaveAttribute('href', sofiaPage());
  await link.focus();
  await expect(link).toBeFocused();
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expectNoAxeViolation(page);

  // Rename with the keyboard, then delete.
  const renamed = `${name} bis`;
  await page.getByRole('button', { name: fill(pools.renameNamed, { name }) }).click();
  const field = page.getByLabel(pools.newName);
  await expect(field).toBeFocused();
  await field.fill(renamed);
  await field.press('Enter');
  await expect(toast(page, pools.renamed)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: renamed })).toBeVisible();
  await page.getByRole('button', { name: fill(pools.deleteNamed, { name: renamed }) }).click();
  await expect(toast(page, pools.deleted)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: renamed })).toHaveCount(0);
});

test('the owner chooses her notification mails and receives the mail of the next application', async ({ page }) => {
  await page.goto('/recruiter/settings_new/notifications');
  await expect(page.getByRole('heading', { level: 1, name: fr.settingsNav.pages.notifications })).toBeVisible();
  const group = page.getByRole('group', { name: notify.newApplications });
  await group.getByLabel(notify.frequency.daily!).check();
  await page.getByLabel(notify.mentions).uncheck();
  await page.getByRole('button', { name: notify.save }).click();
  await expect(toast(page, notify.saved)).toBeVisible();
  await page.reload();
  await expect(group.getByLabel(notify.frequency.daily!)).toBeChecked();
  await expect(page.getByLabel(notify.mentions)).not.toBeChecked();
  await expectNoAxeViolation(page);

  // Back to one mail per application (with the keyboard), mentions on.
  await group.getByLabel(notify.frequency.each!).focus();
  await page.keyboard.press('Space');
  await expect(group.getByLabel(notify.frequency.each!)).toBeChecked();
  await page.getByLabel(notify.mentions).check();
  await page.getByRole('button', { name: notify.save }).click();
  await expect(toast(page, notify.saved)).toBeVisible();

  const last = `Notifiee${Date.now()}`;
  const upload = await page.request.post(`/v2/storage?scopeName=COMPANY&companyId=${company.companyId}&channelId=${company.steps.channelId}`, {
    multipart: { file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() } },
  });
  expect(upload.status()).toBe(201);
  const applied = await page.request.post(`/v2/offers/channel/${company.steps.channelId}/applications`, {
    // This opening's form asks for driving licences and a work permit.
    data: { submissionId: `lists-${last}`, firstName: 'Nina', lastName: last, email: `${last.toLowerCase()}@example.org`, cv: await upload.json(), drivingLicenses: ['B'], hasWorkPermit: 'yes', gdprConsent: true },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const mail = await mailTo(page.request, company.owner.email, (item) => item.subject.includes(last));
  expect(mail.subject).toMatch(/^Nouvelle candidature de Nina/);
  expect(mail.links.some((href) => /\/recruiter\/openings\/[0-9a-f]{24}\/candidates\/[0-9a-f]{24}$/.test(href))).toBe(true);
});
