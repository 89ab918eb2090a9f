import { expect } from '@playwright/test';
import { BASE_URL, createAdmin, createCompany, sessionOf, signInAdmin } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

/**
 * Issue 26, "safe admin actions": suspending a company signs its recruiters out and takes its
 * career site offline, so the admin must say so twice: a dialog that tells what will happen, and
 * the company's name typed. Undo from the toast brings it back. A company and an admin of the test's
 * own: no other test's company is ever suspended.
 */
test('the admin suspends a company only after typing its name, its owner is signed out, undo brings it back', async ({ browser }) => {
  test.setTimeout(90_000);
  const company = await createCompany({ sample: true });
  const admin = await createAdmin();
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  await signInAdmin(context, admin);
  const page = await context.newPage();
  const owner = await browser.newContext({ baseURL: BASE_URL, storageState: sessionOf(company, 'owner') });
  expect((await owner.request.get('/v2/recruiter/me')).status()).toBe(200);

  await page.goto('/admin');
  await page.getByRole('button', { name: `Suspend ${company.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Suspend ${company.name}?` });
  await expect(dialog).toContainText('its career site, job boards and offers go offline');
  await expect(dialog).toContainText('nothing is deleted');
  const confirm = dialog.getByRole('button', { name: `Suspend ${company.name}` });
  await expect(confirm).toBeDisabled();
  await expectNoAxeViolation(page, 'dialog');
  // A near miss is not a confirmation.
  await dialog.getByLabel(/Type the company's name to confirm/).fill(company.name.slice(0, -1));
  await expect(confirm).toBeDisabled();
  // Cancel leaves the company as it was, and focus back on the button that opened the dialog.
  await dialog.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Suspend ${company.name}` })).toBeFocused();
  expect((await owner.request.get('/v2/recruiter/me')).status()).toBe(200);

  await page.getByRole('button', { name: `Suspend ${company.name}` }).click();
  await dialog.getByLabel(/Type the company's name to confirm/).fill(company.name);
  await confirm.click();
  await expect(page.getByRole('button', { name: `Reactivate ${company.name}` })).toBeVisible();
  // The owner's session is over, and the board answers no more.
  expect((await owner.request.get('/v2/recruiter/me')).status()).toBe(401);
  expect((await owner.request.get(`/v2/boards/${company.boardId}`)).status()).not.toBe(200);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: `Suspend ${company.name}` })).toBeVisible();
  expect((await owner.request.get(`/v2/boards/${company.boardId}`)).status()).toBe(200);
  await owner.close();
  await context.close();
});
