import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, expect, type Locator, type Page, request } from '@playwright/test';
// @ts-expect-error plain ESM helper without types
import { CHROMIUM_ARGS } from '../../../packages/dev/chromium.mjs';
import { BASE_URL, createCompany, type FixtureCompany, sessionOf } from '../fixtures';
import { mailTo, type OutboxMail, smallPdf } from '../helpers';
import { expectCandidatePage, expectMailInLanguage, JOURNEY_VIEWPORTS, type JourneyCompany, localeText } from './journey-checks';
import { test } from '../test';

// Issue 25, "Done when": candidates walk from a board to the portal, at 390 and 1280 px, and every
// page and mail on the way is in their language, fits the screen, carries the company's logo and
// theme, never names the opening's internal title, and passes axe. Each test works on a company of
// its own (createCompany), so a retry starts clean.

// Chromium's fake camera and microphone, allowed without a prompt: the interview records for real.
test.use({ launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PNG = readFileSync(join(ROOT, 'host/public/demo/logos/lumen-robotics.png'));
/** The fixture's brand (seed/demo-brand.ts). */
const PRIMARY = '#b4451f';
/** The partner's career site: another origin than the platform's (its port next to the server's). */
const PARTNER_PORT = Number(new URL(BASE_URL).port) + 1;
const PARTNER = `http://localhost:${PARTNER_PORT}`;

/** The journey's company: a fixture of its own with a default logo uploaded by its owner. */
async function journeyCompany(): Promise<{ fixture: FixtureCompany; company: JourneyCompany }> {
  const fixture = await createCompany({ candidateJourney: true });
  const owner = await request.newContext({ baseURL: BASE_URL, storageState: sessionOf(fixture, 'owner') });
  try {
    const headers = { origin: BASE_URL };
    const created = await owner.post('/v2/companies/settings/logos', {
      headers,
      data: { name: 'Journey logo', options: { mask: 'WHITE' }, file: { base64: PNG.toString('base64'), type: 'image/png' } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const logo = (await created.json()) as { _id: string; url: string };
    expect((await owner.post(`/v2/companies/settings/logos/${logo._id}/default`, { headers })).status()).toBe(200);
    return { fixture, company: { logoUrl: logo.url, primaryColor: PRIMARY, internalTitle: fixture.steps.title } };
  } finally {
    await owner.dispose();
  }
}

/** The partner page: a German page of another origin holding exactly the README's embed snippet. */
function partnerPage(boardId: string): string {
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner GmbH</title></head>
<body>
<main>
<h1>Partner GmbH</h1>
<script type="module" src="${BASE_URL}/widgets/rec-widgets.js"></script>
<rec-board board-id="${boardId}"></rec-board>
</main>
</body>
</html>`;
}

let partner: Server | undefined;
/** The board each request of the partner's server shows (`/?board=<id>`). */
test.beforeAll(async () => {
  partner = createServer((incoming, answer) => {
    const board = new URL(incoming.url ?? '/', PARTNER).searchParams.get('board') ?? '';
    answer.writeHead(/^[0-9a-f]{24}$/.test(board) ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    answer.end(/^[0-9a-f]{24}$/.test(board) ? partnerPage(board) : 'no board');
  });
  await new Promise<void>((resolve) => partner!.listen(PARTNER_PORT, 'localhost', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => partner?.close(resolve));
});

/** The mails sent to `email` so far. */
async function mailsTo(page: Page, email: string): Promise<OutboxMail[]> {
  return ((await (await page.request.get(`${BASE_URL}/dev/outbox.json`)).json()) as OutboxMail[]).filter((mail) => mail.to.includes(email));
}
const tokenLink = (mail: OutboxMail) => new URL(mail.links.find((link) => link.includes('/login/token/'))!).pathname;

/** Applies on the platform's offer page (already open) in `language`, checking the page with the form open. */
async function apply(page: Page, language: string, company: JourneyCompany, email: string): Promise<void> {
  const offer = page.locator('rec-offer');
  await offer.locator('[part~="apply-button"]').click();
  await expect(page.locator('#rec-apply-firstName')).toBeVisible();
  await expectCandidatePage(page, language, company, 'the apply form');
  await page.locator('#rec-apply-firstName').fill('Jana');
  await page.locator('#rec-apply-lastName').fill('Kowalczyk');
  await page.locator('#rec-apply-email').fill(email);
  await offer.locator('input[type="checkbox"][value="B"]').check();
  await page.locator('#rec-apply-hasWorkPermit').selectOption('yes');
  await page.locator('#rec-apply-cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await expect(offer.locator('#rec-apply-cv ~ .upload-status')).toContainText('cv.pdf');
  await page.locator('#rec-apply-gdprConsent').check();
  await offer.locator('[part~="apply-submit"]').click();
  await expect(offer.locator('[part~="apply-success"]')).toBeVisible();
}

/** Answers every step in place (form, video interview with the fake camera, questionnaire), checking each page. */
async function walkTheSteps(page: Page, language: string, company: JourneyCompany, choice: string): Promise<void> {
  const steps = page.locator('rec-applicant-steps');
  const heading = steps.getByRole('heading', { level: 2 });
  const t = (key: string, values?: Record<string, string | number>) => localeText(language, key, values);

  await expect(heading).toHaveText(t('steps.form.title'));
  await expectCandidatePage(page, language, company, 'the questions step');
  await steps.getByRole('radio', { name: choice }).check();
  await steps.getByRole('button', { name: t('steps.form.submit') }).click();

  await expect(heading).toHaveText(t('steps.interview.title'));
  await expectCandidatePage(page, language, company, 'the interview overview');
  await steps.getByRole('button', { name: t('steps.interview.checkCamera') }).click();
  await expect(steps.getByLabel(t('steps.interview.preview'))).toBeVisible();
  await expect(steps.getByRole('alert')).toHaveCount(0);
  await steps.getByRole('button', { name: t('steps.interview.begin') }).click();
  for (const current of [1, 2]) await recordAnswer(steps, t, t('steps.interview.questionTitle', { current, total: 2 }), current === 1 ? () => expectCandidatePage(page, language, company, 'a recorded answer') : undefined);
  await expect(heading).toHaveText(t('steps.interview.allDone'));
  await steps.getByRole('button', { name: t('steps.interview.finish') }).click();

  await expect(heading).toHaveText(t('steps.assessment.shape.title'));
  await expectCandidatePage(page, language, company, 'the questionnaire start');
  await steps.getByRole('button', { name: t('steps.assessment.start'), exact: true }).click();
  await steps.getByLabel(t('steps.relayConsent.agree')).check();
  await steps.getByRole('button', { name: t('steps.relayConsent.submit') }).click();
  const statements = steps.getByRole('group');
  await expect(statements).toHaveCount(10);
  await expectCandidatePage(page, language, company, 'the questionnaire');
  for (let index = 0; index < 10; index += 1) await statements.nth(index).getByRole('radio', { name: t('steps.likert.4'), exact: true }).check();
  await steps.getByRole('button', { name: t('steps.assessment.submit') }).click();
  await steps.getByRole('button', { name: t('steps.grantPermission.submit') }).click();
  await expect(heading).toHaveText(t('messageKeys.testCompleted.title'));
  await expectCandidatePage(page, language, company, 'the last step page');
}

async function recordAnswer(steps: Locator, t: (key: string, values?: Record<string, string | number>) => string, question: string, check?: () => Promise<void>): Promise<void> {
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText(question);
  await steps.getByRole('button', { name: t('steps.interview.startRecording') }).click();
  // Stop once the countdown the candidate sees has run three seconds (of the process's 60): a short but real answer.
  const [before = '', after = ''] = t('steps.interview.recordingLeft', { seconds: '§' }).split('§');
  const secondsLeft = async () => {
    const shown = ((await steps.getByRole('timer').textContent()) ?? '').trim();
    // NaN (never <= 57) until the timer is the recording one, not the thinking one.
    return shown.startsWith(before) && shown.endsWith(after) ? Number(shown.slice(before.length, shown.length - after.length)) : Number.NaN;
  };
  await expect.poll(secondsLeft, { timeout: 20_000 }).toBeLessThanOrEqual(57);
  await steps.getByRole('button', { name: t('steps.interview.stop') }).click();
  // The recorder hands over its last piece before the answer plays back: seconds on a loaded machine.
  await expect(steps.getByLabel(t('steps.interview.playback'))).toBeVisible({ timeout: 30_000 });
  await check?.();
  await steps.getByRole('button', { name: t('steps.interview.keep') }).click();
}

/** From the mails: each in `language` without the internal title; the magic link leads to the portal, in the company's frame. */
async function toThePortal(page: Page, language: string, company: JourneyCompany, email: string): Promise<void> {
  const mail = await mailTo(page.request, email, (found) => found.links.some((link) => link.includes('/login/token/')));
  await page.goto(`${BASE_URL}${tokenLink(mail)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeText(language, 'messageKeys.testCompleted.title'));
  await expectCandidatePage(page, language, company, 'the mailed link');
  await page.getByRole('link', { name: localeText(language, 'steps.end.portal') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeText(language, 'portal.title'));
  await expectCandidatePage(page, language, company, 'the portal');
  const mails = await mailsTo(page, email);
  expect(mails.length).toBeGreaterThanOrEqual(1);
  for (const sent of mails) expectMailInLanguage(sent, language, company.internalTitle);
}

async function visitor(browser: Browser, locale: string, viewport: (typeof JOURNEY_VIEWPORTS)[number]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, viewport });
  return { context, page: await context.newPage() };
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * From a board page (open, showing `where`) to the portal: the offer in `language`, the application,
 * every step, the mailed link; each page and mail checked.
 */
async function boardToPortal(page: Page, fixture: FixtureCompany, company: JourneyCompany, language: 'de' | 'pl', where: string, choice: string): Promise<void> {
  const title = fixture.steps.postingTitles[language]!;
  const offerLink = page.locator('rec-board').getByRole('link', { name: title });
  await expect(offerLink).toBeVisible();
  await expectCandidatePage(page, language, company, where);
  await offerLink.click();
  // The platform's offer page, in the language the board was shown in.
  await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/offer/c/${fixture.steps.channelId}\\?.*language=${language}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('rec-offer [part~="apply-button"]')).toBeVisible();
  await expectCandidatePage(page, language, company, 'the offer page');
  const email = `journey.${language}.${page.viewportSize()?.width}.${unique()}@example.org`;
  await apply(page, language, company, email);
  await walkTheSteps(page, language, company, choice);
  await toThePortal(page, language, company, email);
}

for (const viewport of JOURNEY_VIEWPORTS) {
  test.describe(`${viewport.width} px`, () => {
    test(`(a) on a German partner page of another origin, the README snippet leads from the board to the offer, the application, every step with the camera, and the portal, all in German (${viewport.width} px)`, async ({ browser }) => {
      test.setTimeout(150_000);
      const { fixture, company } = await journeyCompany();
      // The browser speaks English: the page's lang="de" is what the board must follow.
      const { context, page } = await visitor(browser, 'en-US', viewport);
      await page.goto(`${PARTNER}/?board=${fixture.boardId}`);
      await boardToPortal(page, fixture, company, 'de', 'the partner page', 'Innerhalb eines Monats');
      await context.close();
    });

    test(`(b) on the platform's own board and offer pages, a Polish browser applies, walks every step with the camera and reaches the portal, all in Polish (${viewport.width} px)`, async ({ browser }) => {
      test.setTimeout(150_000);
      const { fixture, company } = await journeyCompany();
      const { context, page } = await visitor(browser, 'pl-PL', viewport);
      await page.goto(`/board/${fixture.boardId}`);
      await boardToPortal(page, fixture, company, 'pl', 'the board page', 'W ciągu miesiąca');
      await context.close();
    });

    test(`(c) a candidate back through a used magic link is told so in German, finds the email filled in, asks for a new link and the new link opens the portal (${viewport.width} px)`, async ({ browser }) => {
      test.setTimeout(90_000);
      const { fixture, company } = await journeyCompany();
      const { context, page } = await visitor(browser, 'de-DE', viewport);
      const email = `journey.back.${viewport.width}.${unique()}@example.org`;
      // An application of its own, in German, through the API (the journeys above apply through the form).
      const upload = await page.request.post(`/v2/storage?scopeName=COMPANY&companyId=${fixture.companyId}&channelId=${fixture.steps.channelId}`, {
        multipart: { file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() } },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      const applied = await page.request.post(`/v2/offers/channel/${fixture.steps.channelId}/applications`, {
        data: { submissionId: `journey-back-${unique()}`, firstName: 'Greta', lastName: 'Zurück', email, drivingLicenses: ['B'], hasWorkPermit: 'yes', cv: await upload.json(), gdprConsent: true, language: 'de' },
      });
      expect(applied.status(), await applied.text()).toBe(201);
      const first = await mailTo(page.request, email, (mail) => mail.links.some((link) => link.includes('/login/token/')));
      expectMailInLanguage(first, 'de', company.internalTitle);
      const link = tokenLink(first);
      await page.goto(link);
      // The application's first step, the questions, in the application's language.
      await expect(page).toHaveURL(/\/applicant\/steps\/application-form\?language=de$/);
      await expect(page.getByRole('heading', { name: localeText('de', 'steps.form.title') })).toBeVisible();
      await expectCandidatePage(page, 'de', company, 'the first use of the link');

      // Later, on another device (no session), the same link is spent.
      const later = await visitor(browser, 'de-DE', viewport);
      await later.page.goto(link);
      await expect(later.page).toHaveURL(/\/login\/magic-link\?.*link=used/);
      await expect(later.page.getByRole('status').filter({ hasText: localeText('de', 'signIn.magicLink.usedTitle') })).toBeVisible();
      await expect(later.page.getByLabel(localeText('de', 'signIn.email'))).toHaveValue(email);
      // The platform's sign-in page: it knows no company until the candidate is signed in (no logo to show).
      await expectCandidatePage(later.page, 'de', company, 'the spent link page', { frame: false });
      await later.page.getByRole('button', { name: localeText('de', 'signIn.magicLink.sendNew') }).click();
      await expect(later.page.getByText(localeText('de', 'signIn.magicLink.sentTitle'))).toBeVisible();

      const fresh = await mailTo(later.page.request, email, (mail) => mail.links.some((found) => found.includes('/login/token/')) && tokenLink(mail) !== link);
      expectMailInLanguage(fresh, 'de', company.internalTitle);
      await later.page.goto(tokenLink(fresh));
      await expect(later.page).toHaveURL(/\/applicant\//);
      await later.page.goto('/applicant/ongoing');
      await expect(later.page.getByRole('heading', { level: 1 })).toHaveText(localeText('de', 'portal.title'));
      await expectCandidatePage(later.page, 'de', company, 'the portal through the new link');
      await later.context.close();
      await context.close();
    });
  });
}
