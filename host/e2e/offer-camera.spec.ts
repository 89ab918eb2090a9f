import { expect, type Locator, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper without types
import { CHROMIUM_ARGS } from '../../packages/dev/chromium.mjs';
import { createCompany, type FixtureCompany } from './fixtures';
import { expectNoAxeViolation, mailTo } from './helpers';
import { fillStepsApplyForm } from './steps-offer';
import { test } from './test';

// A company of this file's own: its step-flow opening (application-form -> interview -> shape)
// takes this file's candidates, each applying under a unique email.
let company: FixtureCompany;
test.beforeAll(async () => {
  company = await createCompany({ privacyNotices: true });
});

// Chromium's fake camera and microphone, allowed without a prompt: the interview records for real.
test.use({ launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

/** Applies on our own offer page and answers the application-form step: the steps then stand at the interview. */
async function applyAndReachInterview(page: Page, email: string): Promise<Locator> {
  await page.goto(`/offer/c/${company.steps.channelId}?language=en`);
  await fillStepsApplyForm(page, { firstName: 'Maja', lastName: 'Nowak', email });
  await page.locator('rec-offer [part~="apply-submit"]').click();
  const steps = page.locator('rec-applicant-steps');
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText('A few more questions');
  await steps.getByRole('radio', { name: 'Within a month' }).check();
  // The licence question is not asked again: the apply form answered it.
  await expect(steps.getByRole('group', { name: 'When could you start? *' })).toBeVisible();
  await expect(steps.getByRole('group', { name: 'Do you hold a driving licence? *' })).toHaveCount(0);
  await steps.getByRole('button', { name: 'Send my answers' }).click();
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText('Video interview');
  return steps;
}

test('on our own offer page the candidate records the video interview inline after applying (the page allows the camera)', async ({ page }) => {
  test.setTimeout(120_000);
  const steps = await applyAndReachInterview(page, `offer.camera.${Date.now()}@example.org`);
  await steps.getByRole('button', { name: 'Check my camera' }).click();
  await expect(steps.getByLabel('Your camera')).toBeVisible();
  await expect(steps.getByRole('alert')).toHaveCount(0);
  await steps.getByRole('button', { name: 'Start the interview' }).click();
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText('Question 1 of 2');
  await steps.getByRole('button', { name: 'Start recording now' }).click();
  await expect(steps.getByRole('timer')).toContainText('Recording');
  // The answer is uploaded while it is recorded: stop once the first piece has gone up.
  await expect(steps.getByText('Uploaded')).toBeVisible();
  await steps.getByRole('button', { name: 'Stop recording' }).click();
  await expect(steps.getByLabel('Your recorded answer')).toBeVisible();
  await steps.getByRole('button', { name: 'Keep this answer' }).click();
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText('Question 2 of 2');
});

test('where the page blocks the camera, the interview says the page is the cause and sends to the mailed link, which opens the step', async ({ page }) => {
  test.setTimeout(120_000);
  // A page answering as a career site without camera rights would (the header our offer page had before issue 25).
  await page.route(`**/offer/c/${company.steps.channelId}*`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'permissions-policy': 'camera=(), microphone=()' } });
  });
  const email = `blocked.camera.${Date.now()}@example.org`;
  const steps = await applyAndReachInterview(page, email);
  await steps.getByRole('button', { name: 'Check my camera' }).click();
  const problem = steps.getByRole('alert');
  await expect(problem).toContainText('This page is not allowed to use your camera');
  await expect(problem).toContainText('your browser settings are not the cause');
  await expect(problem).toContainText('Open the link in the email we sent you');
  await expect(problem).not.toContainText('reload');
  await expectNoAxeViolation(page);

  // The mailed link exists and leads back to the interview step, on a page that records.
  await page.unrouteAll();
  const mail = await mailTo(page.request, email, (candidate) => /\/login\/token\//.test(candidate.text));
  const link = mail.links.find((href) => href.includes('/login/token/'));
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/applicant\/steps\/interview/);
  await page.getByRole('button', { name: 'Check my camera' }).click();
  await expect(page.getByLabel('Your camera')).toBeVisible();
});
