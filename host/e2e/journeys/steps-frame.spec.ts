import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page } from '@playwright/test';
import { callFromPage as api } from '../fixtures';
import { expectNoAxeViolation, mailTo, type OutboxMail, SAMPLE_CHANNEL, signIn } from '../helpers';
import { JOURNEY_VIEWPORTS, localeText, widerThanTheScreen } from './journey-checks';
import { test } from '../test';

// Issue 25, items 9, 10 and 14 (steps side): what a candidate meets after applying, at 390 and 1280 px.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// Texts come from the locale files (`localeText`), never typed here; the owner's back office speaks French (her settings).
const OWNER = { email: 'claire.owner@lumen.example', password: 'lumen-owner-2026' };
const PNG = readFileSync(join(ROOT, 'host/public/demo/logos/lumen-robotics.png'));
/** The seeded brand's primary colour (seed/demo-brand.ts). */
const LUMEN_PRIMARY = '#b4451f';
/** The sample offer's German posting title: what the candidate applied to, never the opening's internal title. */
const GERMAN_TITLE = 'Embedded-Softwareentwickler:in (C++/ROS)';
const SAMPLE_OPENING = '64b00e1e0000000000000001';

const linkWith = (mail: OutboxMail, part: string) => new URL(mail.links.find((link) => link.includes(part))!).pathname;


async function ownerPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'en-US', ...(viewport ? { viewport } : {}) })).newPage();
  await signIn(page, OWNER);
  return page;
}

async function fitsTheScreen(page: Page): Promise<void> {
  expect(await widerThanTheScreen(page)).toEqual([]);
}

/** Applies on the sample offer in German, as a visitor whose browser speaks English. */
async function applyInGerman(page: Page, email: string, lastName = 'Rahmen'): Promise<void> {
  await page.goto(`/offer/c/${SAMPLE_CHANNEL}?language=de`);
  const offer = page.locator('rec-offer');
  await offer.locator('[part~="apply-button"]').click();
  // The CV comes first, in a drop zone around its file input.
  await expect(offer.locator('.apply-form [name]').first()).toHaveAttribute('name', 'cv');
  await expect(offer.locator('[part~="drop-zone"]')).toContainText(localeText('de', 'apply.dropHint'));
  await expect(offer.locator('[part~="drop-zone"] input[type="file"]')).toHaveAttribute('id', 'rec-apply-cv');
  await expectNoAxeViolation(page);
  await page.locator('#rec-apply-firstName').fill('Greta');
  await page.locator('#rec-apply-lastName').fill(lastName);
  await page.locator('#rec-apply-email').fill(email);
  await page.locator('#rec-apply-gdprConsent').check();
  await offer.locator('[part~="apply-submit"]').click();
  await expect(offer.locator('[part~="apply-success"]')).toBeVisible();
}

let logoId: string | undefined;
let previousDefault: string | undefined;
let logoUrl = '';

test.beforeAll(async ({ browser }) => {
  // The company shows a default logo during these tests (restored after: other specs share the database).
  const owner = await ownerPage(browser);
  const settings = (await api<{ logos: Array<{ _id: string; default: boolean }> }>(owner, 'GET', '/v2/companies/settings')).json;
  previousDefault = settings.logos.find((logo) => logo.default)?._id;
  const created = await api<{ _id: string; url: string }>(owner, 'POST', '/v2/companies/settings/logos', {
    name: `Steps frame ${Date.now()}`.slice(0, 40),
    options: { mask: 'WHITE' },
    file: { base64: PNG.toString('base64'), type: 'image/png' },
  });
  expect(created.status).toBe(201);
  logoId = created.json._id;
  logoUrl = created.json.url;
  expect((await api(owner, 'POST', `/v2/companies/settings/logos/${logoId}/default`)).status).toBe(200);
  await owner.context().close();
});

test.afterAll(async ({ browser }) => {
  const owner = await ownerPage(browser);
  if (previousDefault) await api(owner, 'POST', `/v2/companies/settings/logos/${previousDefault}/default`);
  if (logoId) await api(owner, 'DELETE', `/v2/companies/settings/logos/${logoId}`);
  await owner.context().close();
});

for (const viewport of JOURNEY_VIEWPORTS) {
  test(`a form step with nothing to ask is skipped: the last page comes at once, in the application's German, in the company's frame, leading to the portal and the career site (${viewport.width} px)`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ locale: 'en-US', viewport });
    const page = await context.newPage();
    const email = `frame.${viewport.width}.${Date.now()}@example.org`;
    await applyInGerman(page, email);

    // In place on the offer page: nothing to ask, so the steps end at once (no "no extra questions" page).
    const steps = page.locator('rec-applicant-steps');
    await expect(steps.getByRole('heading', { name: localeText('de', 'messageKeys.testCompleted.title') })).toBeVisible();
    await expect(steps.getByRole('link', { name: localeText('de', 'steps.end.portal') })).toBeVisible();

    // From the mail: the browser speaks English, the application German; every page stays German.
    const mail = await mailTo(page.request, email, (found) => found.links.some((link) => link.includes('/login/token/')));
    await page.goto(linkWith(mail, '/login/token/'));
    await expect(page).toHaveURL(/\/applicant\/message\?messageKey=testCompleted&language=de$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeText('de', 'messageKeys.testCompleted.title'));

    // The company's frame: logo, name, theme, the posting's title, a language switcher, the way to the portal.
    await expect(page.locator('.application-brand img')).toHaveAttribute('src', logoUrl);
    await expect(page.locator('.application-brand img')).toHaveAttribute('alt', 'Lumen Robotics');
    await expect(page.locator('.application-brand-job')).toContainText(GERMAN_TITLE);
    expect(await page.locator('.rec-themed').first().evaluate((element) => getComputedStyle(element).getPropertyValue('--rec-color-primary').trim())).toBe(LUMEN_PRIMARY);
    await expect(page.getByLabel(localeText('de', 'languageSwitcher.label'))).toHaveValue('de');
    const ways = page.getByRole('navigation', { name: localeText('de', 'steps.end.navigation') });
    await expect(ways.getByRole('link', { name: localeText('de', 'steps.end.portal') })).toHaveAttribute('href', /^\/applicant\/[0-9a-f]{24}\?language=de$/);
    await expect(ways.getByRole('link', { name: localeText('de', 'steps.end.careerSite', { companyName: 'Lumen Robotics' }) })).toHaveAttribute('href', /^\/board\/[0-9a-f]{24}\?language=de$/);
    await fitsTheScreen(page);
    await expectNoAxeViolation(page);

    // The portal carries the same frame.
    await ways.getByRole('link', { name: localeText('de', 'steps.end.portal') }).click();
    await expect(page).toHaveURL(/\/applicant\/[0-9a-f]{24}\?language=de$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeText('de', 'portal.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('.application-brand img')).toHaveAttribute('src', logoUrl);
    await fitsTheScreen(page);
    await expectNoAxeViolation(page);
    await context.close();
  });

  test(`a candidate withdraws one application from the portal, confirmed first; the recruiter's pipeline shows it withdrawn without a reload (${viewport.width} px)`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ locale: 'de-DE', viewport });
    const page = await context.newPage();
    const stamp = Date.now();
    const email = `withdraw.${viewport.width}.${stamp}@example.org`;
    const lastName = `Retrait${viewport.width}${stamp}`;
    await applyInGerman(page, email, lastName);

    // The recruiter watches the opening's pipeline (its board), filtered to this candidate.
    const owner = await ownerPage(browser, viewport.width === 390 ? undefined : viewport);
    await owner.goto(`/recruiter/openings/${SAMPLE_OPENING}/candidates`);
    await owner.getByRole('searchbox').first().fill(lastName);
    const card = owner.getByRole('listitem').filter({ hasText: lastName });
    await expect(card).toHaveCount(1);
    await expect(card).not.toContainText(localeText('fr', 'pipeline.withdrawn'));

    const mail = await mailTo(page.request, email, (found) => found.links.some((link) => link.includes('/login/token/')));
    await page.goto(linkWith(mail, '/login/token/'));
    // The link signs the candidate in, then the page moves on to the applicant area: wait for that before leaving it.
    await page.waitForURL((url) => url.pathname.startsWith('/applicant/'));
    await page.goto('/applicant/ongoing');
    await expect(page).toHaveURL(/\/applicant\/[0-9a-f]{24}$/);
    const application = page.getByRole('region', { name: localeText('de', 'portal.applications.title') }).getByRole('listitem').first();
    await application.getByRole('button', { name: localeText('de', 'portal.withdraw.button') }).click();
    const dialog = page.getByRole('alertdialog', { name: localeText('de', 'portal.withdraw.title') });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolation(page);
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: localeText('de', 'portal.withdraw.cancel') }).first().click();
    await expect(dialog).toBeHidden();
    await application.getByRole('button', { name: localeText('de', 'portal.withdraw.button') }).click();
    await dialog.getByRole('button', { name: localeText('de', 'portal.withdraw.confirm'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: localeText('de', 'portal.withdraw.done', { title: '§' }).split('§')[0]! })).toBeVisible();
    await expect(application).toContainText(localeText('de', 'portal.status.withdrawn'));
    await expect(application.getByRole('button', { name: localeText('de', 'portal.withdraw.button') })).toHaveCount(0);
    await fitsTheScreen(page);
    await expectNoAxeViolation(page);

    // The recruiter's page hears it (CANDIDATE_UPDATED) and shows the withdrawal, in the rejected column.
    await expect(card).toContainText(localeText('fr', 'pipeline.withdrawn'));
    await expect(owner.getByRole('region', { name: new RegExp(`^${localeText('fr', 'pipelineStages.REJECTED')} `) }).getByRole('listitem').filter({ hasText: lastName })).toHaveCount(1);
    await owner.context().close();
    await context.close();
  });
}

test('the personality scale is one row of five at 1280 px and one option per line at 390 px', async ({ browser }) => {
  test.setTimeout(120_000);
  // An opening of its own whose process is the questionnaire alone (no other spec sees it).
  const owner = await ownerPage(browser);
  const title = `Likert ${Date.now()}`;
  const opening = await api<{ _id: string }>(owner, 'POST', '/v2/jobs', { title, language: 'en' });
  expect(opening.status).toBe(201);
  const id = opening.json._id;
  expect((await api(owner, 'POST', `/v2/jobs/${id}/publish`)).status).toBe(200);
  expect((await api(owner, 'PUT', `/v2/jobs/${id}/process`, { steps: [{ product: 'shape', config: { provider: 'builtin' } }] })).status).toBe(200);
  const posting = await api<{ channels: Array<{ _id: string; kind: string }> }>(owner, 'POST', `/v2/jobs/${id}/postings`, { language: 'en', contents: { en: { title } }, channels: ['SHARE'] });
  expect(posting.status, JSON.stringify(posting.json)).toBe(201);
  const channel = posting.json.channels[0]!._id;
  await owner.context().close();

  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const email = `likert.${Date.now()}@example.org`;
  const applied = await page.request.post(`/v2/offers/channel/${channel}/applications`, {
    data: { submissionId: `likert-${Date.now()}`, firstName: 'Lia', lastName: 'Kert', email, gdprConsent: true, language: 'en' },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const mail = await mailTo(page.request, email, (found) => found.links.some((link) => link.includes('/login/token/')));
  await page.goto(linkWith(mail, '/login/token/'));
  await expect(page).toHaveURL(/\/applicant\/steps\/shape\?language=en$/);
  await page.getByRole('button', { name: localeText('en', 'steps.assessment.start'), exact: true }).click();
  await page.getByLabel(localeText('en', 'steps.relayConsent.agree')).check();
  await page.getByRole('button', { name: localeText('en', 'steps.relayConsent.submit') }).click();
  const first = page.getByRole('group').first();
  await expect(first.getByRole('radio')).toHaveCount(5);
  const tops = async () => Promise.all((await first.locator('label').all()).map(async (label) => Math.round((await label.boundingBox())!.y)));
  expect(new Set(await tops()).size, 'one row at 1280 px').toBe(1);
  await expectNoAxeViolation(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => new Set(await tops()).size, { message: 'one option per line at 390 px' }).toBe(5);
  await fitsTheScreen(page);
  await context.close();
});

test('the appointment confirmation is in view at 390 px once the candidate books', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Luxembourg', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const email = `booking.${Date.now()}@example.org`;
  const applied = await page.request.post(`/v2/offers/channel/${SAMPLE_CHANNEL}/applications`, {
    data: { submissionId: `booking-${Date.now()}`, firstName: 'Bea', lastName: 'Termin', email, gdprConsent: true, language: 'de' },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { applicationId } = (await applied.json()) as { applicationId: string };
  const owner = await ownerPage(browser);
  // The apply answer names no candidate (it would tell whether an address applied before): the recruiter finds them in the pipeline.
  const pipeline = await owner.request.get(`/v2/recruiter/openings/${SAMPLE_OPENING}/pipeline?q=${encodeURIComponent(email)}`);
  expect(pipeline.status(), await pipeline.text()).toBe(200);
  const candidateId = ((await pipeline.json()) as { items: Array<{ applicationId: string; candidateId: string }> }).items.find((item) => item.applicationId === applicationId)?.candidateId;
  expect(candidateId).toBeTruthy();
  const day = 24 * 60 * 60 * 1000;
  const slots = [3, 4, 5, 6, 7, 8].map((days) => `${new Date(Date.now() + days * day).toISOString().slice(0, 11)}09:00:00.000Z`);
  const offered = await owner.request.post(`/v2/recruiter/candidates/${candidateId}/appointments`, {
    headers: { origin: new URL(owner.url()).origin },
    data: { applicationId, durationMinutes: 30, location: 'Esch-sur-Alzette', slots, timeZone: 'Europe/Luxembourg' },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  await owner.context().close();
  const invitation = await mailTo(page.request, email, (mail) => mail.links.some((link) => link.includes('/applicant/appointments/')));
  await page.goto(linkWith(invitation, '/applicant/appointments/'));
  await page.getByRole('radio').last().check();
  await page.getByRole('button', { name: localeText('de', 'appointments.book') }).click();
  const confirmation = page.getByTestId('appointment-status');
  await expect(confirmation).toBeInViewport();
  await expect(confirmation).toBeFocused();
  await fitsTheScreen(page);
  await expectNoAxeViolation(page);
  await context.close();
});
