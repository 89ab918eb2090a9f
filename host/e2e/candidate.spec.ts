import { expect, type Page } from '@playwright/test';
import { BASE_URL, createCompany, type FixtureCompany, saveSessionOf, sessionFile } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

/**
 * The candidate page (issue 11) in a company of this file's own (fixtures.ts): its step-flow opening
 * (Robotics Maintenance Technician) and the two candidates who finished the process, Sofia (WebM
 * answers, applied first) and Mathis (MP4). The owner's interface speaks French, the viewer's English.
 * A retry makes a new company, so it never starts from what an earlier attempt moved or wrote.
 */
let company: FixtureCompany;
const OWNER_STATE = sessionFile('candidate', 'owner');
const VIEWER_STATE = sessionFile('candidate', 'viewer');
const candidateUrl = (id: string) => `/recruiter/openings/${company.steps.openingId}/candidates/${id}`;
const sofia = () => company.steps.candidates[0].candidateId;
const mathis = () => company.steps.candidates[1].candidateId;
const reviewApi = (id: string) => `**/v2${candidateUrl(id)}`;

/** Opens a candidate from the opening's applicants table. */
async function openFromApplicants(page: Page, name: string): Promise<void> {
  await page.goto(`/recruiter/openings/${company.steps.openingId}`);
  // The applicants table loads after the page: wait for its rows.
  await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('link', { name, exact: true }).click();
}

test.describe('the candidate page', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    company = await createCompany();
    saveSessionOf(company, 'owner', 'candidate');
    saveSessionOf(company, 'viewer', 'candidate');
  });

  test.describe('the owner (French)', () => {
    test.use({ storageState: OWNER_STATE });

    test('opens a candidate from the opening, watches an interview answer, mentions a colleague in a note, goes to the previous and next candidate; axe clean', async ({
      page,
    }) => {
      await openFromApplicants(page, 'Sofia Almeida');
      await expect(page).toHaveURL(new RegExp(`${candidateUrl(sofia())}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Sofia Almeida');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Nouveau');

      // Everything the candidate gave: the CV in the browser's PDF viewer, form answers, scores, consent.
      await expect(page.locator('iframe[title="CV de Sofia Almeida"]')).toBeVisible();
      await expect(page.getByText('Quand pourriez-vous commencer ?')).toBeVisible();
      await expect(page.getByText('Tout de suite')).toBeVisible();
      await expect(page.getByRole('row', { name: /Conscienciosité 4\.5 \/ 5/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Consentement' })).toBeVisible();

      // The interview: each question above its video; the WebM recording plays.
      await expect(page.getByRole('heading', { level: 3, name: 'Présentez-vous en quelques phrases.' })).toBeVisible();
      const video = page.locator('video').first();
      await expect(video).toHaveAttribute('aria-labelledby', /candidate-question-0/);
      await video.evaluate(async (element: HTMLVideoElement) => {
        element.muted = true;
        await element.play();
      });
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
      // Seeking asks for a byte range.
      const ranged = await page.request.get(await video.evaluate((element: HTMLVideoElement) => element.currentSrc), { headers: { range: 'bytes=100-199' } });
      expect(ranged.status()).toBe(206);
      expect(ranged.headers()['content-range']).toMatch(/^bytes 100-199\/\d+$/);

      await expectNoAxeViolation(page);

      // A note mentioning the viewer, with the keyboard only: n, @Vic, Enter picks him.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('n');
      const note = page.getByLabel('Nouvelle note');
      await expect(note).toBeFocused();
      await page.keyboard.type('Très bon entretien, @Vic');
      await expect(page.getByRole('option', { name: 'Victor Lang' })).toBeVisible();
      await expect(note).toHaveAttribute('aria-activedescendant', /mention-0/);
      await page.keyboard.press('Enter');
      await expect(note).toHaveValue('Très bon entretien, @Victor Lang ');
      await page.keyboard.type('peux-tu regarder ?');
      await page.getByRole('button', { name: 'Ajouter la note' }).click();
      await expect(page.locator('.candidate-note').getByText('Très bon entretien, @Victor Lang peux-tu regarder ?')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Activité' })).toBeVisible();
      await expect(page.getByText('A écrit une note').first()).toBeVisible();
      await expect
        .poll(async () => {
          const mails = (await (await page.request.get('/dev/outbox.json')).json()) as Array<{ to: string; subject: string; links: string[] }>;
          return mails.some((mail) => mail.to === company.viewer.email && mail.subject.includes('Sofia Almeida') && mail.links.some((link) => link.endsWith(candidateUrl(sofia()))));
        })
        .toBe(true);

      // m: the pipeline's move menu; Interview moves her, the chip and the timeline say so.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('m');
      await page.getByRole('menuitem', { name: 'Entretien' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Entretien');
      await expect(page.getByText('Passé à l’étape Entretien')).toBeVisible();

      // k: the previous candidate in the pipeline order (newer application), j: back.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('k');
      await expect(page).toHaveURL(new RegExp(`${candidateUrl(mathis())}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Mathis Klein');
      await page.getByRole('link', { name: 'Candidat suivant' }).click();
      await expect(page).toHaveURL(new RegExp(`${candidateUrl(sofia())}$`));
      // The keys work as soon as the candidate shows.
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Sofia Almeida');
      await page.keyboard.press('k');
      await expect(page).toHaveURL(new RegExp(`${candidateUrl(mathis())}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Mathis Klein');
      await page.keyboard.press('j');
      await expect(page).toHaveURL(new RegExp(`${candidateUrl(sofia())}$`));
    });

    test('a key pressed while the candidate is still loading is not lost: it acts once the candidate shows', async ({ page }) => {
      // Sofia's page waits for her answer until the key is pressed; meanwhile the page says it is loading.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(reviewApi(sofia()), async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(candidateUrl(sofia()));
      await expect(page.getByRole('status').filter({ hasText: 'Chargement du candidat…' })).toBeVisible();
      await page.keyboard.press('k');
      release();
      // k is Sofia's previous candidate: Mathis.
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Mathis Klein');
      await expect(page).toHaveURL(new RegExp(`${candidateUrl(mathis())}$`));
    });

    test('the MP4 answer plays too, and the page fits a 390 px phone', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(candidateUrl(mathis()));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Mathis Klein');
      const video = page.locator('video').first();
      await video.evaluate(async (element: HTMLVideoElement) => {
        element.muted = true;
        await element.play();
      });
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
      // Reject is a visible button (issue 26), not only the r key: it opens the reject dialog; cancelling moves nothing.
      await page.getByRole('button', { name: 'Refuser Mathis Klein' }).click();
      const reject = page.getByRole('dialog', { name: 'Refuser Mathis Klein' });
      await expect(reject.getByLabel('Motif')).toBeVisible();
      await reject.getByRole('button', { name: 'Annuler' }).click();
      await expect(reject).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Refuser Mathis Klein' })).toBeFocused();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolation(page);
    });
  });

  test.describe('the viewer (English)', () => {
    test.use({ storageState: VIEWER_STATE });

    test('sees the candidate and the notes but no note form; the API refuses his note', async ({ page }) => {
      await page.goto(candidateUrl(sofia()));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Sofia Almeida');
      await expect(page.getByRole('heading', { name: 'Interview answers' })).toBeVisible();
      await expect(page.getByText('Solid maintenance experience on ABB and FANUC.', { exact: false })).toBeVisible();
      await expect(page.getByLabel('New note')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Move .* to a stage/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add note' })).toHaveCount(0);
      // Without CANDIDATES:SENSITIVE:READ the CV is named, not shown; videos and scores are special-category content too.
      await expect(page.locator('iframe')).toHaveCount(0);
      await expect(page.locator('video')).toHaveCount(0);
      await expect(page.getByText("Watching interview videos needs the permission to see candidates' sensitive data.", { exact: false }).first()).toBeVisible();
      await expect(page.locator('.candidate-scores')).toHaveCount(0);
      const refused = await page.request.post(`/v2${candidateUrl(sofia())}/notes`, { data: { text: 'Viewer note' }, headers: { origin: BASE_URL } });
      expect(refused.status()).toBe(403);
      await expectNoAxeViolation(page);
    });
  });
});
