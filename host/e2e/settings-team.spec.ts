import { type Browser, expect, type Page } from '@playwright/test';
import { createAdmin, signInAdmin } from './fixtures';
import { expectNoAxeViolation, signIn } from './helpers';
import { test } from './test';

/**
 * Issue 13, team part: an admin creates a company whose owner joins from the mailed invitation;
 * the owner invites a recruiter (recruiter role: openings yes, team settings no), switches their
 * own language to German, and rotates their password, which signs an older session out.
 * A fresh company per run keeps the demo accounts (used by other specs) untouched.
 */

const RUN = Date.now();
const COMPANY = `Fjord Labs ${RUN}`;
const OWNER = { email: `olga.${RUN}@fjord.example`, password: 'olga-first-password-26' };
const RECRUITER = { email: `rita.${RUN}@fjord.example`, password: 'rita-first-password-26' };
const NEW_PASSWORD = 'olga-second-password-26';
/** Waits that include a password hash or a full reload. */
const SLOW = { timeout: 30_000 };

interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
}

async function invitationPath(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/dev/outbox.json')).json()) as OutboxMail[];
      link = mails.find((mail) => mail.to.includes(email))?.links.find((href) => href.includes('/invite/'));
      return link;
    })
    .toBeTruthy();
  return new URL(link ?? '').pathname;
}

/** Accepts an invitation through its page (English: a fresh browser context). */
async function acceptInvitation(page: Page, path: string, firstName: string, lastName: string, password: string) {
  await page.goto(path);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm the new password').fill(password);
  await page.getByRole('button', { name: 'Join the team' }).click();
  // Hashing the new password takes a moment on a busy machine.
  await expect(page).toHaveURL(/\/recruiter/, SLOW);
}

async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
  return context.newPage();
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test('an admin creates a company; its owner signs in through the mailed invitation', async ({ page }) => {
  // An admin of the test's own, signed in with its second factor (fixtures.ts).
  await signInAdmin(page.context(), await createAdmin());
  await page.goto('/admin');
  await page.getByLabel('Company name').fill(COMPANY);
  await page.getByLabel('Email of the first owner').fill(OWNER.email);
  await page.getByRole('button', { name: 'Create and invite the owner' }).click();
  await expect(page.getByRole('heading', { name: COMPANY })).toBeVisible(SLOW);
  // The admin's action is in the audit log.
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('cell', { name: 'admin.company.create' }).first()).toBeVisible();
  await expectNoAxeViolation(page);

  const owner = await newPage(page.context().browser() as Browser);
  await acceptInvitation(owner, await invitationPath(page, OWNER.email), 'Olga', 'Fjord', OWNER.password);
  await expect(owner.getByText(COMPANY).first()).toBeVisible();
  await owner.context().close();
});

test('the owner invites a recruiter who joins with the recruiter role: openings yes, team no', async ({ browser }) => {
  const owner = await newPage(browser);
  await signIn(owner, OWNER);
  await owner.goto('/recruiter/settings_new/myteam');
  await expect(owner.getByRole('heading', { level: 1, name: 'My team' })).toBeVisible();
  await owner.getByLabel('Email address').fill(RECRUITER.email);
  await owner.getByLabel('Role', { exact: true }).selectOption('recruiter');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(RECRUITER.email, { exact: true })).toBeVisible(SLOW);
  // The last owner cannot step down: 409 with its own text.
  await owner.getByLabel('Role of Olga Fjord').selectOption('viewer');
  await expect(owner.getByText('The company needs at least one owner', { exact: false }).first()).toBeVisible();
  await expectNoAxeViolation(owner);

  const rita = await newPage(browser, 390);
  await acceptInvitation(rita, await invitationPath(owner, RECRUITER.email), 'Rita', 'Recruiter', RECRUITER.password);
  expect(((await (await rita.request.get('/v2/recruiter/me/permissions')).json()) as { role: string }).role).toBe('recruiter');
  // Openings: allowed. Team: refused by the server, and not offered in the settings.
  await rita.goto('/recruiter/openings');
  await expect(rita.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await rita.request.get('/v2/team')).status()).toBe(403);
  await rita.goto('/recruiter/settings_new');
  await expect(rita.getByRole('link', { name: 'My account' }).first()).toBeVisible();
  await expect(rita.getByRole('link', { name: 'My team' })).toHaveCount(0);
  await rita.goto('/recruiter/settings_new/myteam');
  await expect(rita.getByLabel('Email address')).toHaveCount(0);

  // The owner sees the new member with their role.
  await owner.reload();
  await expect(owner.getByLabel('Role of Rita Recruiter')).toHaveValue('recruiter');
  await owner.context().close();
  await rita.context().close();
});

test('the owner switches their own language to German and the shell follows at once', async ({ browser }) => {
  const owner = await newPage(browser);
  await signIn(owner, OWNER);
  await owner.goto('/recruiter/settings/myaccount');
  await expect(owner.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expectNoAxeViolation(owner);
  await owner.getByLabel('Interface language').selectOption('de');
  await owner.getByRole('button', { name: 'Save language' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible(SLOW);
  await expect(owner.locator('html')).toHaveAttribute('lang', 'de', SLOW);
  // The locale cookie remembers it for 365 days.
  const cookie = (await owner.context().cookies()).find((entry) => entry.name === 'rec_locale');
  expect(cookie?.value).toBe('de');
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000);
  await owner.goto('/recruiter/settings/security');
  await expect(owner.getByRole('heading', { level: 1, name: 'Sicherheit' })).toBeVisible();
  await expectNoAxeViolation(owner);
  await owner.context().close();
});

test('rotating the password (rules confirmed and differentPasswords) signs an older session out', async ({ browser }) => {
  const older = await newPage(browser);
  await signIn(older, OWNER);
  await older.goto('/recruiter/openings');

  const owner = await newPage(browser, 390);
  await owner.goto('/login');
  await owner.getByLabel('Email address').fill(OWNER.email);
  await owner.getByRole('button', { name: 'Continue with password' }).click();
  await owner.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await expect(owner).toHaveURL(/\/recruiter/, SLOW);
  await owner.goto('/recruiter/settings/myaccount/password-rotate');
  // The owner speaks German since the previous test.
  await expect(owner.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeVisible();
  await owner.getByLabel('Aktuelles Passwort').fill(OWNER.password);
  await owner.getByLabel('Neues Passwort', { exact: true }).fill(OWNER.password);
  await owner.getByLabel('Neues Passwort wiederholen').fill('something-else-entirely');
  await owner.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(owner.getByText('Das neue Passwort muss sich vom aktuellen unterscheiden.')).toBeVisible();
  await expect(owner.getByText('Die beiden Werte stimmen nicht überein.')).toBeVisible();
  await owner.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
  await owner.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
  await owner.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(owner.getByRole('status').or(owner.locator('.rec-message')).filter({ hasText: 'Ihr Passwort wurde geändert' }).first()).toBeVisible(SLOW);
  await expectNoAxeViolation(owner);

  // The older session is over: the next navigation lands on the sign-in page.
  await older.goto('/recruiter/openings');
  await expect(older).toHaveURL(/\/login/);
  // This session stays.
  await owner.goto('/recruiter/settings/security');
  await expect(owner.getByRole('heading', { level: 1, name: 'Sicherheit' })).toBeVisible();
  await older.context().close();
  await owner.context().close();
});

test('the language switcher on the sign-in page writes the locale cookie and switches the page', async ({ browser }) => {
  const visitor = await newPage(browser, 390);
  await visitor.goto('/login');
  await visitor.getByLabel('Language').selectOption('pl');
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'pl', SLOW);
  expect((await visitor.context().cookies()).find((entry) => entry.name === 'rec_locale')?.value).toBe('pl');
  await expectNoAxeViolation(visitor);
  await visitor.context().close();
});
