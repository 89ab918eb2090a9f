import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import JSZip from 'jszip';
import { BASE_URL as BASE, createCompany, type FixtureCompany, pageAs } from './fixtures';
import { expectNoAxeViolation, mailTo, type OutboxMail, smallPdf } from './helpers';
import { test } from './test';

const PORT = process.env.E2E_PORT ?? 3107;


const linkWith = (mail: OutboxMail, part: string) => new URL(mail.links.find((link) => link.includes(part))!);

/** The properties of the .ics's VEVENT (unfolded). */
function calendarProperties(text: string): Record<string, string> {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines).toContain('BEGIN:VEVENT');
  return Object.fromEntries(lines.filter((line) => line.includes(':')).map((line) => [line.slice(0, line.indexOf(':')).split(';')[0], line.slice(line.indexOf(':') + 1)]));
}

/** Applies through the public API like the offer widget does, with a CV whose bytes carry `marker`. */
async function apply(request: APIRequestContext, companyId: string, channel: string, email: string, marker: string): Promise<string> {
  const cv = Buffer.concat([smallPdf(), Buffer.from(`% ${marker}\n`)]);
  const upload = await request.post(`/v2/storage?scopeName=COMPANY&companyId=${companyId}&channelId=${channel}`, {
    multipart: { file: { name: 'cv-ines.pdf', mimeType: 'application/pdf', buffer: cv } },
  });
  expect(upload.status()).toBe(201);
  const file = await upload.json();
  const applied = await request.post(`/v2/offers/channel/${channel}/applications`, {
    data: { submissionId: `portal-${marker}-${channel}`, firstName: 'Inès', lastName: 'Portal', email, cv: file, gdprConsent: true, language: 'fr' },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  return String(file.url);
}

/** Stored files of the company whose content carries `marker`. */
const filesWith = (company: FixtureCompany, marker: string) => {
  const uploads = join(tmpdir(), `rec-e2e-${PORT}`, 'uploads', company.companyId);
  return readdirSync(uploads).filter((name) => readFileSync(join(uploads, name)).includes(marker));
};

test.use({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });

test('a candidate uses the portal: two applications, consent, zip, self-booking, removal seen by the recruiter', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const marker = `portal-${Date.now()}`;
  const email = `${marker}@example.org`;
  // A company of this test's own: its sample offer, on the board and through a share link, takes both applications.
  const company = await createCompany({ sample: true, privacyNotices: true });
  const sample = company.sample!;
  const cvUrls = [await apply(page.request, company.companyId, sample.channelId, email, marker), await apply(page.request, company.companyId, sample.shareChannelId, email, marker)];
  expect(filesWith(company, marker)).toHaveLength(2);

  // The confirmation mail's magic link signs the candidate in; /applicant/ongoing leads to the one portal.
  const confirmation = await mailTo(page.request, email, (mail) => mail.links.some((link) => link.includes('/login/token/')));
  // Signed in as the applicant, the magic-link entry moves on to the steps still to do (spec §2 login rules).
  await page.goto(linkWith(confirmation, '/login/token/').pathname);
  await expect(page).toHaveURL(/\/applicant\//);
  await page.goto('/applicant/ongoing');
  await expect(page).toHaveURL(/\/applicant\/[0-9a-f]{24}$/);
  const candidateId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'Mes candidatures' })).toBeVisible();
  const applications = page.getByRole('region', { name: 'Vos candidatures' }).getByRole('listitem');
  await expect(applications).toHaveCount(2);
  await expect(applications.first()).toContainText('Lumen Robotics');
  await expect(applications.first()).toContainText('Envoyée');
  await expectNoAxeViolation(page);

  // Renew the consent.
  await page.getByRole('button', { name: /Renouveler mon consentement/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Votre consentement court désormais' })).toBeVisible();

  // At 390 px the portal fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolation(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Manage data: everything in one zip, the name in data.json and the CVs inside.
  await page.getByRole('link', { name: 'Gérer mes données' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gérer mes données' })).toBeVisible();
  await expectNoAxeViolation(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Télécharger mes données (zip)' }).click()]);
  const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
  const data = JSON.parse(await zip.file('data.json')!.async('string'));
  expect(data.candidate.personal).toMatchObject({ firstName: 'Inès', lastName: 'Portal', email });
  const cvs = Object.keys(zip.files).filter((name) => name.startsWith('files/') && name.endsWith('cv-ines.pdf'));
  expect(cvs).toHaveLength(2);
  expect((await zip.file(cvs[0]!)!.async('nodebuffer')).includes(marker)).toBe(true);

  // Correct a personal field.
  await page.getByLabel('Téléphone').fill('+352 621 000 111');
  await page.getByRole('button', { name: 'Enregistrer mes informations' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Vos informations ont été enregistrées.' })).toBeVisible();

  // The recruiter offers two slots; the candidate books the second from the mail's link.
  const owner = await pageAs(browser, company, 'owner');
  const day = 24 * 60 * 60 * 1000;
  const slots = [`${new Date(Date.now() + 3 * day).toISOString().slice(0, 14)}00:00.000Z`, `${new Date(Date.now() + 4 * day).toISOString().slice(0, 14)}30:00.000Z`];
  const offered = await owner.request.post(`/v2/recruiter/candidates/${candidateId}/appointments`, {
    headers: { origin: BASE },
    data: { applicationId: data.applications[0]._id, durationMinutes: 45, location: 'Esch-sur-Alzette', slots, timeZone: 'Europe/Luxembourg' },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  const invitation = await mailTo(page.request, email, (mail) => mail.links.some((link) => link.includes('/applicant/appointments/')));
  await page.goto(linkWith(invitation, '/applicant/appointments/').pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Votre rendez-vous' })).toBeVisible();
  await expect(page.getByText('Europe/Paris')).toBeVisible();
  await expectNoAxeViolation(page);
  const second = page.getByRole('radio').nth(1);
  await second.check();
  await page.getByRole('button', { name: 'Réserver cet horaire' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Réservé pour le' })).toBeVisible();
  const booked = await mailTo(page.request, email, (mail) => mail.attachments.some((file) => file.content.includes('METHOD:REQUEST')));
  const ics = calendarProperties(booked.attachments[0]!.content);
  expect(ics.DTSTART).toBe(slots[1]!.replace(/[-:]/g, '').replace(/\.\d{3}/, ''));
  expect(ics.LOCATION).toBe('Esch-sur-Alzette');
  expect(booked.text).toContain('Europe/Paris');
  await mailTo(page.request, company.owner.email, (mail) => mail.attachments.length > 0 && mail.text.includes('Inès'));

  // Removal: asked from the portal, confirmed with the mailed link.
  await page.goto(`/applicant/${candidateId}/manage-data`);
  await page.getByRole('button', { name: 'Demander la suppression de mes données' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer vos données ?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'M’envoyer le lien' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Consultez votre messagerie' })).toBeVisible();
  const removal = await mailTo(page.request, email, (mail) => mail.links.some((link) => link.includes('/applicant/removeData/')));
  await page.goto(linkWith(removal, '/applicant/removeData/').pathname);
  await expect(page).toHaveURL(/messageKey=dataRemoved/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vos données ont été supprimées' })).toBeVisible();
  await expectNoAxeViolation(page);

  // The recruiter still counts both applications, without a name or a CV; the files are gone from disk.
  const ids = new Set(data.applications.map((application: { _id: string }) => application._id));
  const anonymised: Array<{ _id: string; personal: { name: unknown }; cv: unknown }> = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const answer = await (await owner.request.get(`/v2/jobs/${sample.openingId}/applications?page=${pageNumber}&pageSize=40`)).json();
    anonymised.push(...answer.items.filter((item: { _id: string }) => ids.has(item._id)));
    if (pageNumber * 40 >= answer.total) break;
  }
  expect(anonymised).toHaveLength(2);
  for (const item of anonymised) {
    expect(item.personal.name).toEqual({ first: '', last: '' });
    expect(item.cv).toBeNull();
  }
  for (const url of cvUrls) expect((await owner.request.get(url)).status()).toBe(404);
  expect(filesWith(company, marker)).toEqual([]);
  await owner.context().close();
});

test('the portal pages need the candidate’s own session, and an unknown appointment link says so', async ({ page }) => {
  await page.goto('/applicant/64b0c4a10000000000000abc/manage-data');
  await expect(page).toHaveURL(/\/login/);
  await page.goto(`/applicant/appointments/${'x'.repeat(43)}`);
  await expect(page.getByText('Ce lien de rendez-vous n’est pas valide.')).toBeVisible();
  await expectNoAxeViolation(page);
});
