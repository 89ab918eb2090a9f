import { expect } from '@playwright/test';
import { createCompany } from './fixtures';
import { expectNoAxeViolation, mailTo, smallPdf } from './helpers';
import { test } from './test';

test('a candidate back through a used magic link is told so, finds the email filled in and gets a new link in one click', async ({ page, browser }) => {
  const email = `spent.link.${Date.now()}@example.org`;
  // An application of its own (through the API), to a company of its own: its confirmation mail carries the magic link.
  const { companyId, steps } = await createCompany({ privacyNotices: true });
  const upload = await page.request.post(`/v2/storage?scopeName=COMPANY&companyId=${companyId}&channelId=${steps.channelId}`, {
    multipart: { file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() } },
  });
  expect(upload.status()).toBe(201);
  const applied = await page.request.post(`/v2/offers/channel/${steps.channelId}/applications`, {
    data: { submissionId: `spent-${Date.now()}`, firstName: 'Maja', lastName: 'Nowak', email, drivingLicenses: ['B'], hasWorkPermit: 'yes', cv: await upload.json(), gdprConsent: true, language: 'en' },
  });
  expect(applied.status()).toBe(201);
  const mail = await mailTo(page.request, email, (candidate) => candidate.links.some((link) => link.includes('/login/token/')));
  const link = new URL(mail.links.find((href) => href.includes('/login/token/'))!).pathname;

  // First use signs in; later, on another device (no session), the same link is spent.
  await page.goto(link);
  await expect(page).toHaveURL(/\/applicant\//);
  const later = await browser.newContext({ locale: 'en' });
  const again = await later.newPage();
  await again.goto(link);
  await expect(again).toHaveURL(/\/login\/magic-link\?.*link=used/);
  await expect(again.getByRole('status').filter({ hasText: 'This link was already used' })).toBeVisible();
  await expect(again.getByLabel('Email address')).toHaveValue(email);
  await expect(again.getByLabel('Password')).toHaveCount(0);
  await expectNoAxeViolation(again);

  await again.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(again.getByText('Check your inbox')).toBeVisible();
  await expect.poll(async () => ((await (await again.request.get('/dev/outbox.json')).json()) as Array<{ to: string }>).filter((item) => item.to === email).length).toBeGreaterThan(1);
  await later.close();
});
