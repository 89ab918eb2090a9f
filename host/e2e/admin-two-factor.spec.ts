import { expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { BASE_URL, createAdmin } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

/**
 * Issue 32, "admin accounts must enrol before they can act": a new admin (a fixture of this test's
 * own, with a password and no factor) signs in with the password once, is held on the enrolment
 * page (the admin API answers 401 with the enrolment key, /admin leads back there), enrols an
 * authenticator app (the test computes the code from the secret shown for manual entry), keeps its
 * recovery codes, and reaches /admin, where its enrolment is in the audit log as a platform entry.
 */
const PASSWORD = 'admin-two-factor-e2e-password';

test('a new admin is made to enrol two-factor at the first sign-in, then reaches /admin', async ({ browser }) => {
  // A password sign-in, an enrolment and three accessibility checks: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  // An admin of its own per attempt: a retry must not find the factor the first try enrolled.
  const admin = await createAdmin({ password: PASSWORD, enrolled: false });
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`/login/password?${new URLSearchParams({ email: admin.email })}`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.waitForURL(/\/login\/two-factor/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page.getByText('Admin accounts must use two-factor sign-in.', { exact: false })).toBeVisible();
  // Nothing of the admin area answers yet: 401 with the enrolment key, and /admin leads back here.
  const refused = await page.request.get('/v2/admin/companies');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe('twoFactor.errors.enrolmentRequired');
  await page.goto('/admin');
  await page.waitForURL(/\/login\/two-factor/);

  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expectNoAxeViolation(page);
  await page.getByLabel('Code from the app').fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();

  await page.waitForURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  expect((await page.request.get('/v2/admin/companies')).status()).toBe(200);
  // The admin's own factor: required, so the last one offers no removal.
  const factors = page.locator('section[aria-labelledby="account-two-factor-title"]');
  await expect(factors).toContainText('Admin accounts must use two-factor sign-in.');
  await expect(factors).toContainText('Recovery codes left: 10.');
  await expect(factors.getByRole('button', { name: 'Remove two-factor sign-in' })).toHaveCount(0);
  // The enrolment is audited as the platform's entry (an admin has no company), without the secret.
  await page.getByLabel('Action', { exact: true }).selectOption('account.twoFactor.enrol');
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page.getByRole('row').filter({ hasText: admin.email });
  await expect(row.first()).toContainText('Platform (admin account)');
  await expect(row.first()).not.toContainText(secret);
  await expectNoAxeViolation(page);
  await context.close();
});
