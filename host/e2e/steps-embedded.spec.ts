import { expect, type Locator } from '@playwright/test';
// @ts-expect-error plain ESM helper without types
import { CHROMIUM_ARGS } from '../../packages/dev/chromium.mjs';
import { createCompany } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { fillStepsApplyForm } from './steps-offer';
import { test } from './test';

// Chromium's fake camera and microphone, allowed without a prompt: the interview records for real.
test.use({ launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

async function recordAnswer(steps: Locator, question: string): Promise<void> {
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText(question);
  await steps.getByRole('button', { name: 'Start recording now' }).click();
  await expect(steps.getByRole('timer')).toContainText('Recording');
  await steps.page().waitForTimeout(2500);
  await steps.getByRole('button', { name: 'Stop recording' }).click();
  await expect(steps.getByLabel('Your recorded answer')).toBeVisible();
  await expectNoAxeViolation(steps.page());
  await steps.getByRole('button', { name: 'Keep this answer' }).click();
}

test('on the career site a visitor applies in <rec-offer> and continues the steps in place with the in-memory token', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `embedded.${Date.now()}@example.org`;
  // The step-flow opening of a company of this test's own, shown on the career site's job page.
  const company = await createCompany({ privacyNotices: true });
  const address = `/demo/career-site.html?offer=${company.steps.channelId}&language=en`;
  const stepCalls: Array<{ url: string; authorization: string | undefined }> = [];
  page.on('request', (request) => {
    if (/\/v2\/(application-steps|applicants)\//.test(request.url())) stepCalls.push({ url: request.url(), authorization: request.headers().authorization });
  });

  await page.goto(address);
  const offer = page.locator('rec-offer');
  await fillStepsApplyForm(page, { firstName: 'Ana', lastName: 'Silva', email });
  const applied = page.waitForResponse((response) => response.url().endsWith('/applications') && response.request().method() === 'POST');
  await offer.locator('[part~="apply-submit"]').click();
  const { stepsToken } = (await (await applied).json()) as { stepsToken?: string };
  expect(stepsToken).toBeTruthy();
  await expect(offer.locator('[part~="apply-success"]')).toBeVisible();

  // application-form, in place: the element inside the offer's success state.
  const steps = page.locator('rec-applicant-steps');
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText('A few more questions');
  await expectNoAxeViolation(page);
  await steps.getByRole('button', { name: 'Send my answers' }).click();
  await expect(steps.getByRole('alert').first()).toHaveText('This field is required.');
  await steps.getByRole('radio', { name: 'Within a month' }).check();
  // The licence question is not asked again: the apply form answered it.
  await expect(steps.getByRole('group', { name: 'Do you hold a driving licence? *' })).toHaveCount(0);
  await steps.getByLabel('Which robots have you maintained?').fill('KUKA and ABB arms');
  await steps.getByRole('button', { name: 'Send my answers' }).click();

  // interview: overview, camera check with the fake camera, two recorded answers.
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText('Video interview');
  await expectNoAxeViolation(page);
  await steps.getByRole('button', { name: 'Check my camera' }).click();
  await expect(steps.getByLabel('Your camera')).toBeVisible();
  await expect(steps.getByLabel('Microphone level')).toBeVisible();
  await expectNoAxeViolation(page);
  await steps.getByRole('button', { name: 'Start the interview' }).click();
  await recordAnswer(steps, 'Question 1 of 2');
  await recordAnswer(steps, 'Question 2 of 2');
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText('All answers recorded');
  await steps.getByRole('button', { name: 'Finish the interview' }).click();

  // shape: start, consent to relay, questionnaire, permission to share, then the end message.
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText('Personality questionnaire');
  await steps.getByRole('button', { name: 'Start', exact: true }).click();
  await steps.getByLabel('I agree that my data is passed to the assessment service.').check();
  await steps.getByRole('button', { name: 'Agree and continue' }).click();
  const statements = steps.getByRole('group');
  await expect(statements).toHaveCount(10);
  await expectNoAxeViolation(page);
  for (let index = 0; index < 10; index += 1) await statements.nth(index).getByRole('radio', { name: 'Agree', exact: true }).check();
  await steps.getByRole('button', { name: 'Send my answers' }).click();
  await steps.getByRole('button', { name: 'Share my result with the company' }).click();
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText('All done!');
  await expectNoAxeViolation(page);

  // The career site's URL never changed; every step call carried the token; it was stored nowhere.
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(address);
  expect(stepCalls.length).toBeGreaterThan(10);
  for (const call of stepCalls) expect(call.authorization, call.url).toBe(`Bearer ${stepsToken}`);
  const stored = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));
  expect(stored).not.toContain(stepsToken!);
  const cookies = await page.context().cookies();
  expect(JSON.stringify(cookies)).not.toContain(stepsToken!);
});
