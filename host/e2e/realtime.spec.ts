import { expect } from '@playwright/test';
import { createCompany, signInTo } from './fixtures';
import { smallPdf } from './helpers';
import { test } from './test';

test.describe('realtime (issue 15)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the recruiter’s pipeline shows a candidate who applies from the career site in another browser, without reload', async ({ page, browser }) => {
    // A company of the test's own: its step-flow opening, on its board (the owner speaks French).
    const company = await createCompany();
    const channel = company.steps.channelId;
    await signInTo(page.context(), company, 'owner');
    await page.goto(`/recruiter/openings/${company.steps.openingId}/candidates`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(company.steps.title);
    await expect(page.locator('.pipeline-card').first()).toBeVisible();
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const candidate = await visitor.newPage();
    const lastName = `Live${Date.now()}`;
    await candidate.goto(`/demo/career-site.html?board=${company.boardId}`);
    await candidate.getByLabel('Langue des offres').selectOption('en');
    await candidate.locator(`rec-board a[href$="/offer/c/${channel}?language=en"]`).click();
    await candidate.locator('rec-offer [part~="apply-button"]').click();
    await candidate.locator('#rec-apply-firstName').fill('Rhea');
    await candidate.locator('#rec-apply-lastName').fill(lastName);
    await candidate.locator('#rec-apply-email').fill(`rhea.${Date.now()}@example.org`);
    // This opening's form asks for driving licences and a work permit.
    await candidate.locator('rec-offer input[name="drivingLicenses"][value="B"]').check();
    await candidate.locator('#rec-apply-hasWorkPermit').selectOption({ index: 1 });
    await candidate.locator('#rec-apply-cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
    await expect(candidate.locator('rec-offer #rec-apply-cv ~ .upload-status')).toContainText('cv.pdf');
    await candidate.locator('#rec-apply-gdprConsent').check();
    await candidate.locator('rec-offer [part~="apply-submit"]').click();
    await expect(candidate.locator('rec-offer [part~="apply-success"]')).toBeVisible();
    await visitor.close();

    await expect(page.locator('.pipeline-card').filter({ hasText: lastName })).toBeVisible({ timeout: 5000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  test('a new build shows a toast that stays, and its action reloads the page', async ({ page }) => {
    let buildId = 'build-one';
    await page.route('**/builds/latest.json?*', (route) => route.fulfill({ json: { buildId, timestamp: 1 } }));
    await page.goto('/login?language=en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    // Give the first poll (this page's build) time to answer, then deploy.
    await page.waitForTimeout(300);
    buildId = 'build-two';
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const toast = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(toast).toBeVisible();
    // timeout -1: still there well after the 5 s of an ordinary toast.
    await page.waitForTimeout(6000);
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded ?? false)).toBe(false);
  });
});
