import { expect, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper without types
import { CHROMIUM_ARGS } from '../../packages/dev/chromium.mjs';
import { createCompany, type FixtureCompany } from './fixtures';
import { expectNoAxeViolation, smallPdf } from './helpers';
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

interface OutboxMail {
  to: string;
  links: string[];
}

async function magicLinkOf(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/dev/outbox.json')).json()) as OutboxMail[];
      link = mails.find((mail) => mail.to.includes(email))?.links.find((href) => href.includes('/login/token/'));
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}

async function applyTo(page: Page, email: string, language = 'en'): Promise<void> {
  await page.goto(`/offer/c/${company.steps.channelId}?language=${language}`);
  await fillStepsApplyForm(page, { firstName: 'Ana', lastName: 'Silva', email });
  await page.locator('rec-offer [part~="apply-submit"]').click();
  await expect(page.locator('rec-offer [part~="apply-success"]')).toBeVisible();
}

async function recordAnswer(page: Page, question: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  await page.getByRole('button', { name: 'Start recording now' }).click();
  await expect(page.getByRole('timer')).toContainText('Recording');
  // A couple of seconds of the fake camera's picture and tone.
  await page.waitForTimeout(2500);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByLabel('Your recorded answer')).toBeVisible();
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'Keep this answer' }).click();
}

test('a candidate applies, answers the form, records two answers, completes the questionnaire and reaches testCompleted', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `journey.${Date.now()}@example.org`;
  await applyTo(page, email);
  await page.goto(await magicLinkOf(page, email));

  // application-form: the opening's questions, checked on submit.
  await expect(page).toHaveURL(/\/applicant\/steps\/application-form\?language=\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A few more questions');
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('This field is required.');
  await page.getByRole('radio', { name: 'Within a month' }).check();
  // The licence question is not asked again: the apply form answered it.
  await expect(page.getByRole('group', { name: 'Do you hold a driving licence? *' })).toHaveCount(0);
  await page.getByLabel('Which robots have you maintained?').fill('KUKA and ABB arms');
  await page.getByRole('button', { name: 'Send my answers' }).click();

  // interview: overview, camera check, two recorded answers.
  await expect(page).toHaveURL(/\/applicant\/steps\/interview\?language=\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video interview');
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'Check my camera' }).click();
  await expect(page).toHaveURL(/\/interview\/intro\?language=en$/);
  await expect(page.getByLabel('Your camera')).toBeVisible();
  await expect(page.getByLabel('Microphone level')).toBeVisible();
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'Start the interview' }).click();
  await expect(page).toHaveURL(/\/interview\/recording\?language=en$/);
  await expectNoAxeViolation(page);
  await recordAnswer(page, 'Question 1 of 2');
  await recordAnswer(page, 'Question 2 of 2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All answers recorded');
  await page.getByRole('button', { name: 'Finish the interview' }).click();

  // shape: start, consent to relay, questionnaire, permission to share.
  await expect(page).toHaveURL(/\/applicant\/steps\/shape\?language=\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personality questionnaire');
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page).toHaveURL(/\/applicant\/steps\/shape\/relayConsent\?language=\w+$/);
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please tick the box to continue.');
  await page.getByLabel('I agree that my data is passed to the assessment service.').check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page).toHaveURL(/\/applicant\/steps\/shape\?language=\w+$/);
  const statements = page.getByRole('group');
  await expect(statements).toHaveCount(10);
  await expectNoAxeViolation(page);
  for (let index = 0; index < 10; index += 1) await statements.nth(index).getByRole('radio', { name: 'Agree', exact: true }).check();
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page).toHaveURL(/\/applicant\/steps\/shape\/grantPermission\?language=\w+$/);
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'Share my result with the company' }).click();

  await expect(page).toHaveURL(/\/applicant\/message\?messageKey=testCompleted&language=en$/);
  await expectNoAxeViolation(page);
});

test('the step page moves on by itself when its step is finished in another tab of the candidate', async ({ page, context }) => {
  test.setTimeout(90_000);
  const email = `elsewhere.${Date.now()}@example.org`;
  await applyTo(page, email);
  // What this page hears on its websocket: it must follow its application before the other tab
  // finishes the step (else the event is rightly not sent to it), then hear the step finish.
  const frames: Array<{ type?: string; event?: string; data?: { stepId?: string } }> = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(JSON.parse(String(payload)))));
  const heard = (type: string) => expect.poll(() => frames.some((frame) => frame.type === type && frame.event === 'APPLICATION_STEP_FINISHED'), { timeout: 10_000 }).toBe(true);
  await page.goto(await magicLinkOf(page, email));
  await expect(page).toHaveURL(/\/applicant\/steps\/application-form\?language=\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A few more questions');
  await heard('subscribed');

  const other = await context.newPage();
  await other.goto('/applicant/steps/application-form');
  await other.getByRole('radio', { name: 'Within a month' }).check();
  await other.getByRole('button', { name: 'Send my answers' }).click();
  await expect(other).toHaveURL(/\/applicant\/steps\/interview\?language=\w+$/);

  // Nothing is done on this page: the event moves it. (The interview is entered by loading its
  // document, as navigation.ts does for the camera's page policy: the page replaces itself.)
  await heard('event');
  await expect(page).toHaveURL(/\/applicant\/steps\/interview\?language=\w+$/, { timeout: 5000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video interview');
  await other.close();
});

test('without a camera the interview says so and offers a video upload instead', async ({ browser }) => {
  // A context that refuses the camera: the page must explain and offer the upload.
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
  });
  const email = `nocamera.${Date.now()}@example.org`;
  await applyTo(page, email);
  await page.goto(await magicLinkOf(page, email));
  await page.getByRole('radio', { name: 'Right away' }).check();
  // The file question: a wrong type is refused before upload, a PDF is stored with the step.
  const certificate = page.getByLabel('A certificate of your qualification (PDF)');
  await certificate.setInputFiles({ name: 'certificate.docx', mimeType: 'application/octet-stream', buffer: smallPdf() });
  await expect(page.getByRole('alert')).toContainText('.pdf');
  await certificate.setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await expect(page.getByText('Sent: certificate.pdf')).toBeVisible();
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page).toHaveURL(/\/applicant\/steps\/interview\?language=\w+$/);
  await page.goto('/applicant/steps/interview/recording');
  // Refused by the candidate (the page allows the camera): said so, with a retry; the upload stays open.
  await expect(page.getByText('Access to the camera or microphone was refused')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectNoAxeViolation(page);
  const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 1)]);
  await page.getByLabel('Or upload a recorded video (WebM or MP4)').setInputFiles({ name: 'answer.webm', mimeType: 'video/webm', buffer: webm });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Question 2 of 2');
  await page.getByLabel('Or upload a recorded video (WebM or MP4)').setInputFiles({ name: 'notes.webm', mimeType: 'video/webm', buffer: Buffer.from('not a video at all') });
  await expect(page.getByText('This file is not a WebM or MP4 video.')).toBeVisible();
  await context.close();
});

for (const locale of ['fr', 'de', 'pl']) {
  test(`the step pages are axe clean in ${locale} at 390 px`, async ({ browser }) => {
    const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const email = `axe.${locale}.${Date.now()}@example.org`;
    await applyTo(page, email, locale);
    await page.goto(await magicLinkOf(page, email));
    await expect(page).toHaveURL(/\/applicant\/steps\/application-form\?language=\w+$/);
    for (const path of ['/applicant/steps/application-form', '/applicant/steps/constants']) {
      await page.goto(`${path}?language=${locale}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolation(page);
    }
    await context.close();
  });
}
