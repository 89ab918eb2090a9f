import { expect } from '@playwright/test';
import { test } from './test';
import { createCompany, sessionOf } from './fixtures';
import { expectNoAxeViolation, smallPdf } from './helpers';

test('a visitor comes by a campaign link, applies from the board; the recruiter finds the campaign in the pipeline, on the candidate page and in the dashboard', async ({
  page,
  browser,
  baseURL,
}) => {
  const company = await createCompany({ sample: true, privacyNotices: true, ownerLanguage: 'en' });
  const sample = company.sample!;
  const campaign = `spring-${Date.now()}`;

  // The career site, opened from a LinkedIn post with the campaign's parameters.
  await page.goto(`/demo/career-site.html?board=${company.boardId}&utm_source=linkedin&utm_medium=social&utm_campaign=${campaign}`, {
    referer: 'https://www.linkedin.com/feed/update/42?trk=private-token',
  });
  const offerLink = page.locator(`rec-board a[href*="/offer/c/${sample.channelId}"]`);
  await expect(offerLink).toBeVisible();
  const carried = new URL((await offerLink.getAttribute('href')) ?? '').searchParams;
  expect([carried.get('utm_source'), carried.get('utm_medium'), carried.get('utm_campaign')]).toEqual(['linkedin', 'social', campaign]);
  // The referring page rides along without its query string (it may carry personal data).
  const referrer = carried.get('rec_referrer') ?? '';
  expect(referrer).toMatch(/^https:\/\/www\.linkedin\.com\//);
  expect(referrer).not.toContain('?');
  await offerLink.click();
  await expect(page).toHaveURL(new RegExp(`/offer/c/${sample.channelId}`));

  await page.locator('rec-offer [part~="apply-button"]').click();
  await page.locator('#rec-apply-firstName').fill('Ana');
  await page.locator('#rec-apply-lastName').fill('Campaign');
  await page.locator('#rec-apply-email').fill(`campaign.${Date.now()}@example.org`);
  await page.locator('#rec-apply-cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await expect(page.locator('rec-offer #rec-apply-cv ~ .upload-status')).toContainText('cv.pdf');
  await page.locator('#rec-apply-gdprConsent').check();
  await page.locator('rec-offer [part~="apply-submit"]').click();
  await expect(page.locator('rec-offer [part~="apply-success"]')).toBeVisible();

  const office = await browser.newContext({ baseURL, storageState: sessionOf(company, 'owner') });
  try {
    const recruiter = await office.newPage();
    // The pipeline, filtered by the campaign.
    await recruiter.goto(`/recruiter/openings/${sample.openingId}/candidates`);
    const candidate = recruiter.getByRole('link', { name: 'Ana Campaign', exact: true });
    await expect(candidate).toBeVisible();
    await recruiter.getByLabel('Campaign', { exact: true }).fill('no-such-campaign');
    await expect(candidate).toHaveCount(0);
    await recruiter.getByLabel('Campaign', { exact: true }).fill(campaign);
    await expect(candidate).toBeVisible();
    await expectNoAxeViolation(recruiter);

    // The candidate page says where the application came from.
    await candidate.click();
    const source = recruiter.getByRole('region', { name: 'Source' });
    await expect(source.getByText(campaign, { exact: true })).toBeVisible();
    await expect(source.getByText('linkedin', { exact: true })).toBeVisible();
    await expect(source.getByText('social', { exact: true })).toBeVisible();
    await expect(source.getByText(referrer, { exact: true })).toBeVisible();
    await expectNoAxeViolation(recruiter);

    // The dashboard's "source / campaign" panel counts it.
    await recruiter.goto(`/recruiter/analytics_new/dashboards/${company.dashboardId}`);
    const row = recruiter.getByRole('row', { name: `linkedin / ${campaign}` });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').last()).toHaveText('1');
    await expectNoAxeViolation(recruiter);
  } finally {
    await office.close();
  }
});
