import { expect, type Page, request } from '@playwright/test';
import { startTestIdp, type TestIdp } from '../../packages/server/src/testing/oidc-provider';
import { BASE_URL, createCompany, type FixtureCompany, pageAs } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

/**
 * Issue 32, single sign-on: a real OpenID provider (oidc-provider, its development login form) runs
 * in the spec on a port of 3340-3349; an own fixture company gets it as its IdP through the API, as
 * its owner. A member signs in from /login by e-mail domain and lands in the company's back-office;
 * an e-mail outside the allowed domains is refused with a clear message.
 */
// E2E_IDP_PORT: a port of one's own when several checkouts run the suite side by side.
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 3341);
let idp: TestIdp;

test.beforeAll(async () => {
  idp = await startTestIdp({ redirectUri: `${BASE_URL}/auth/sso/callback`, port: IDP_PORT });
});
test.afterAll(async () => {
  await idp?.close();
});

/**
 * A company of the attempt's own with SSO for a domain of its own (a retry never meets the first
 * try's data). The fixture proves the domain as if its DNS TXT record were found: only verified
 * domains route sign-ins.
 */
async function companyWithSso(extraDomains: string[] = []): Promise<{ company: FixtureCompany; domain: string }> {
  const company = await createCompany({ ssoDomain: true });
  const domain = company.ssoDomain ?? '';
  expect(domain).toMatch(/\.example$/);
  const api = await request.newContext({
    baseURL: BASE_URL,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { origin: BASE_URL, cookie: `${company.sessionCookie}=${company.owner.session}` },
  });
  try {
    const saved = await api.put('/v2/companies/settings/sso', {
      data: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: [domain, ...extraDomains], defaultRole: 'recruiter', ssoOnly: false },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  } finally {
    await api.dispose();
  }
  return { company, domain };
}

/** /login: the e-mail, then "Continue with <company>", then the provider's login form as `login`. */
async function signInThroughIdp(page: Page, company: FixtureCompany, email: string, login: string) {
  await page.goto(`${BASE_URL}/login?forceLookup=1`);
  await page.getByLabel(/email address/i).fill(email);
  await page.getByRole('button', { name: /continue with password/i }).click();
  const continueWith = page.getByRole('button', { name: `Continue with ${company.name}` });
  await expect(continueWith).toBeVisible();
  await expectNoAxeViolation(page);
  await continueWith.click();
  // The provider's own page, on its own origin.
  const loginField = page.locator('input[name="login"]');
  await expect(loginField).toBeVisible();
  expect(new URL(page.url()).origin).toBe(idp.issuer);
  await loginField.fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: /sign-in/i }).click();
}

test.describe('single sign-on', () => {
  test('a member signs in through the company’s OpenID provider and lands in its back-office', async ({ browser }) => {
    const { company, domain } = await companyWithSso();
    const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-GB' });
    const page = await context.newPage();
    const email = `member@${domain}`;
    await signInThroughIdp(page, company, email, email);
    await page.waitForURL(/\/recruiter/);
    await expect(page.getByRole('main')).toBeVisible();
    const session = await page.request.get(`${BASE_URL}/auth/session-v2`);
    expect(session.status()).toBe(200);
    expect(((await session.json()) as { user: { tenantId: string } }).user.tenantId).toBe(company.companyId);
    await context.close();
  });

  test('the owner sees the setting without its secret, with the callback address to register and each domain’s proof', async ({ browser }) => {
    const pending = `pending-${Date.now().toString(36)}.example`;
    const { company, domain } = await companyWithSso([pending]);
    const page = await pageAs(browser, company, 'owner', { locale: 'en-GB' });
    await page.goto(`${BASE_URL}/recruiter/settings_new/mycompany`);
    // The fixture owner reads the back-office in French: fields by name, texts that do not translate.
    const section = page.locator('form[aria-labelledby="sso-settings-title"]');
    await expect(section.locator('input[name="sso-domains"]')).toHaveValue(`${domain}, ${pending}`);
    // The fixture's domain is proved; the other one waits for its TXT record, shown to be published.
    await expect(section.locator(`li[data-domain="${domain}"]`)).toHaveAttribute('data-state', 'verified');
    const waiting = section.locator(`li[data-domain="${pending}"]`);
    await expect(waiting).toHaveAttribute('data-state', 'pending');
    await expect(waiting).toContainText(`_rec-verification.${pending}`);
    await expect(waiting).toContainText(/rec-domain-verification=[0-9a-f]{32}/);
    await expect(waiting.getByRole('button', { name: `Vérifier ${pending}` })).toBeVisible();
    await expect(section.locator('input[name="sso-issuer"]')).toHaveValue(idp.issuer);
    await expect(section.locator('input[name="sso-client-secret"]')).toHaveValue('');
    await expect(section).toContainText(`${BASE_URL}/auth/sso/callback`);
    await section.getByRole('button', { name: 'Tester la connexion' }).click();
    await expect(section.getByRole('status')).toContainText(idp.issuer);
    await expectNoAxeViolation(page, 'main');
    await page.context().close();
  });

  test('an e-mail outside the allowed domains is refused with a clear message', async ({ browser }) => {
    const { company, domain } = await companyWithSso();
    const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-GB' });
    const page = await context.newPage();
    // The address typed on /login is the company's; the provider answers with another domain's.
    await signInThroughIdp(page, company, `outsider@${domain}`, 'outsider@elsewhere.example');
    await page.waitForURL(/\/login/);
    await expect(page.getByRole('alert')).toContainText('This e-mail address is not allowed to sign in to this company.');
    await expectNoAxeViolation(page);
    const session = await page.request.get(`${BASE_URL}/auth/session-v2`);
    expect(session.status()).toBe(401);
    await context.close();
  });
});
