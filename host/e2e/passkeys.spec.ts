import { expect, type Page } from '@playwright/test';
import { BASE_URL, createCompany } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

/**
 * Issue 32, passkeys, with Chromium's virtual authenticator (CDP WebAuthn domain): a recruiter
 * registers a passkey on the account page (its first factor: the recovery codes are shown once),
 * finishes a password sign-in with it, signs in from /login with the passkey alone and lands in the
 * back-office, then renames it and removes it, re-authenticated by the passkey itself.
 *
 * WebAuthn refuses IP addresses as RP IDs, so this spec browses http://localhost:<port>; the test
 * server binds passkeys to that origin (PASSKEY_ORIGIN in playwright.config.ts).
 */
const PASSWORD = 'passkeys-e2e-password';
const ORIGIN = BASE_URL.replace('127.0.0.1', 'localhost');

async function signOut(page: Page) {
  expect((await page.request.delete(`${ORIGIN}/auth/session-v2`, { headers: { origin: ORIGIN } })).status()).toBe(204);
}

test.describe('passkeys', () => {
  test('a recruiter registers a passkey, uses it after the password, signs in with it alone, renames and removes it', async ({ browser }) => {
    // Five ceremonies, two sign-ins and five accessibility checks: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    // A company of its own per attempt: a retry starts without the first try's passkey.
    const company = await createCompany({ password: PASSWORD });
    const email = company.viewer.email;
    const context = await browser.newContext({ baseURL: ORIGIN, locale: 'en-GB' });
    const page = await context.newPage();
    // A platform authenticator that holds discoverable credentials and verifies the user (as a
    // phone's fingerprint would), answering without a prompt.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    // Signed in already (the fixture's session, on this host name): password sign-ins from the
    // suite's one address are limited, so only the one this test is about goes through the form.
    await context.addCookies([{ name: company.sessionCookie, value: company.viewer.session, domain: 'localhost', path: '/', httpOnly: true, secure: false, sameSite: 'Lax' }]);

    // Register on the account page.
    await page.goto('/recruiter/settings/myaccount');
    const section = page.locator('section[aria-labelledby="account-passkeys-title"]');
    await expect(section).toContainText('No passkey yet.');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByLabel('Passkey name').fill('Work laptop');
    await expectNoAxeViolation(page, 'main');
    await section.getByRole('button', { name: 'Create passkey' }).click();
    // The person's first factor brings the ten recovery codes (for a lost passkey), shown once.
    await expect(page.getByTestId('recovery-code')).toHaveCount(10);
    await expectNoAxeViolation(page, 'main');
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    const listed = section.getByTestId('passkey');
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('Work laptop');
    await expect(listed).toContainText('not used yet');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    await expectNoAxeViolation(page, 'main');

    // Sign out; the password is followed by "Use a passkey".
    await signOut(page);
    await page.goto(`/login/password?${new URLSearchParams({ email })}`);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/login\/two-factor/);
    const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
    await expect(usePasskey).toBeVisible();
    await expectNoAxeViolation(page);
    await usePasskey.click();
    await page.waitForURL(/\/recruiter/);

    // Sign out; from /login, the passkey alone, no password.
    await signOut(page);
    expect((await page.request.get('/v2/recruiter/me')).status()).toBe(401);
    // No account is remembered in this browser (the password step above was half a sign-in): /login shows its form.
    await page.goto('/login');
    const withPasskey = page.getByRole('button', { name: 'Sign in with a passkey' });
    await expect(withPasskey).toBeVisible();
    await expectNoAxeViolation(page);
    await withPasskey.click();
    await page.waitForURL(/\/recruiter(?:$|[/?#])/);
    const me = await page.request.get('/v2/recruiter/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe(email);

    // The account page shows the passkey as used; rename it, then remove it, confirmed with the passkey itself.
    await page.goto('/recruiter/settings/myaccount');
    await expect(section.getByTestId('passkey')).toContainText('last used');
    await section.getByRole('button', { name: 'Rename Work laptop' }).click();
    await section.getByLabel('Passkey name').fill('Phone');
    await expectNoAxeViolation(page, 'main');
    await section.getByRole('button', { name: 'Save name' }).click();
    await expect(section.getByTestId('passkey')).toContainText('Phone');
    await section.getByRole('button', { name: 'Remove Phone' }).click();
    await expect(section.getByLabel('Password')).toBeVisible();
    await expectNoAxeViolation(page, 'main');
    await section.getByRole('button', { name: 'Confirm with a passkey' }).click();
    await expect(section).toContainText('No passkey yet.');
    // The last factor went: its recovery codes with it.
    await expect(page.locator('section[aria-labelledby="account-two-factor-title"]')).not.toContainText('Recovery codes left');
    const { credentials: left } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    // Removal is the server's: the authenticator keeps its copy (the server tests show it is refused).
    expect(left).toHaveLength(1);
    await context.close();
  });
});
