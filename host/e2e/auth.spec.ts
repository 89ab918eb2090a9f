import { expect } from '@playwright/test';
import { createAdmin, createCompany, signInAdmin } from './fixtures';
import { expectNoAxeViolation, LUMEN, signInThroughForm } from './helpers';
import { test } from './test';

/**
 * An owner of a company of the test's own, with a password (French interface): signing in and out
 * here spends none of the demo accounts' sign-in allowance and ends none of their sessions.
 */
async function ownOwner() {
  const password = `own-owner-${Date.now()}`;
  const { owner } = await createCompany({ password });
  return { email: owner.email, password, name: `${owner.firstName} ${owner.lastName}` };
}

/** The demo company's owner: only read here (the admin's list of Lumen's recruiters). */
const LUMEN_OWNER_EMAIL = 'claire.owner@lumen.example';
// The other company's owner (German interface). The server allows 5 sign-in attempts per email in
// 15 minutes: tests spread over accounts so a retried test never runs into that limit.
const OTHER_OWNER = { email: 'nora.owner@nordwind.example', password: 'nordwind-owner-2026', name: 'Nora Berg' };
const APPLICANT = 'camille.candidate@example.com';
const VIEWER = { email: 'victor.viewer@lumen.example', password: 'lumen-viewer-2026' };
const INVITATION_LINK = 'demo-invitation-lumen-robotics-new-recruiter-2026';



interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
}

test('a recruiter signs in and lands on /recruiter in their settings language (French)', async ({ page }) => {
  const OWNER = await ownOwner();
  await signInThroughForm(page, OWNER);
  await expect(page).toHaveURL(/\/recruiter$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bienvenue, ${OWNER.name}`);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Postes' })).toBeVisible();
  await expect(page).toHaveTitle(/Espace recruteur/);
});

test('after signing out, /recruiter sends the recruiter to /login', async ({ page }) => {
  const OWNER = await ownOwner();
  await signInThroughForm(page, OWNER);
  await expect(page).toHaveURL(/\/recruiter$/);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/recruiter');
  // /login, which offers the one remembered password account straight away (spec §2).
  await expect(page).toHaveURL((url) => url.pathname === '/login/password' && url.search === `?redirect=%2Frecruiter&email=${encodeURIComponent(OWNER.email)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your password');
  expect((await page.request.get('/auth/session-v2')).status()).toBe(401);
});

test('/account-select switches the company with a POST; the old GET link switches nothing', async ({ page }) => {
  await signInThroughForm(page, VIEWER);
  await expect(page).toHaveURL(/\/recruiter$/);
  const session = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'rec_session')?.value;
  const first = await session();
  expect(first).toBeTruthy();

  // The GET of the old authorisation URL (a link or an <img> on any page) no longer switches.
  const viaGet = await page.request.get(`/auth/tenants/${LUMEN}/authorize`);
  expect(viaGet.status()).toBe(404);
  expect(await session()).toBe(first);

  // One company: the chooser posts straight away, the session is rotated and the recruiter area opens.
  await page.goto('/account-select');
  await expect(page).toHaveURL(/\/recruiter$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const second = await session();
  expect(second).toBeTruthy();
  expect(second).not.toBe(first);
  expect((await page.request.get('/auth/session-v2')).status()).toBe(200);
});

test('a wrong password is announced on the form', async ({ page }) => {
  await signInThroughForm(page, { email: OTHER_OWNER.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('The email address or password is not correct.');
  await expect(page).toHaveURL(/\/login\/password/);
});

test('an applicant requests a magic link, opens it from the outbox and reaches their next step', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(APPLICANT);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page).toHaveURL(/\/login\/magic-link\?email=camille.candidate%40example.com$/);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByRole('status')).toContainText('Check your inbox');

  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/dev/outbox.json')).json()) as OutboxMail[];
      link = mails.find((mail) => mail.to.includes(APPLICANT))?.links.find((href) => href.includes('/login/token/'));
      return link;
    })
    .toBeTruthy();
  // The mail carries the server's PUBLIC_URL; the path is what matters here.
  await page.goto(new URL(link!).pathname);
  // /applicant/steps/next sends Camille (seeded half way, application in French) on to her interview.
  await expect(page).toHaveURL(/\/applicant\/steps\/interview\?language=\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entretien vidéo');

  // The link works once: opening it again ends on /login.
  await page.context().clearCookies();
  await page.goto(new URL(link!).pathname);
  await expect(page).toHaveURL(/\/login/);
});

test('a malformed opening id shows the 404 page; the router message goes to the console only', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/recruiter/openings/xyz');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
  await expect.poll(() => warnings).toContain('Page Not Found: /recruiter/openings/xyz');
  // Issue 9: no internal text on the page a visitor reads.
  await expect(page.getByText('Page Not Found: /recruiter/openings/xyz')).toHaveCount(0);
});

test('a visitor at a recruiter page is sent to /login; the catch-all too', async ({ page }) => {
  await page.goto('/recruiter/openings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Frecruiter%2Fopenings$/);
  await page.goto('/careers');
  await expect(page).toHaveURL(/\/login$/);
});

test('the message page shows the text of its key, generic for an unknown one', async ({ page }) => {
  await page.goto('/message?messageKey=invitationExpired');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation expired');
  await expect(page.getByText('Powered by Rec')).toBeVisible();
  await page.goto('/offer/message?messageKey=nope');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
});

test('the invitation page shows the accept form for a pending invitation, invitationExpired otherwise', async ({ page }) => {
  await page.goto(`/invite/${INVITATION_LINK}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accept your invitation');
  await expect(page.getByLabel('First name')).toBeVisible();
  await expectNoAxeViolation(page);
  await page.goto('/invite/unknown-invitation-link-value-000000');
  await expect(page).toHaveURL(/\/message\?messageKey=invitationExpired$/);
});

for (const path of ['/login', '/login/password?email=claire.owner%40lumen.example', `/login/magic-link?email=${encodeURIComponent(APPLICANT)}`, '/login/recover']) {
  test(`axe finds no violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolation(page);
  });
}

test('axe finds no violation on the recruiter shell', async ({ page }) => {
  await signInThroughForm(page, OTHER_OWNER);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Willkommen, ${OTHER_OWNER.name}`);
  await expectNoAxeViolation(page);
});

test('an admin lands on the admin home listing companies and their recruiters; axe finds no violation', async ({ page }) => {
  // An admin of the test's own, with its second factor and session (admin-two-factor.spec.ts signs one in by the form).
  await signInAdmin(page.context(), await createAdmin());
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administration');
  // Exactly: the companies other tests make (fixtures.ts) carry names of their own beginning alike.
  await expect(page.getByRole('heading', { level: 3, name: 'Lumen Robotics', exact: true })).toBeVisible();
  // In Lumen's own table: the audit log below names its owner too, once per action other specs made her do.
  await expect(page.getByRole('table', { name: 'Recruiters of Lumen Robotics', exact: true }).getByRole('cell', { name: LUMEN_OWNER_EMAIL })).toBeVisible();
  await expectNoAxeViolation(page);
});
