import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { BASE_URL as baseURL, createCompany, type FixtureCompany, saveSessionOf, sessionFile, signInTo } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

/**
 * The pipeline in a company of this file's own (fixtures.ts): Mechatroniker:in Robotik with 30
 * applications in every stage, moved here at will. A retry makes a new company.
 */
let company: FixtureCompany;
let OPENING = '';
const TITLE = 'Mechatroniker:in Robotik';
const OWNER_STATE = sessionFile('pipeline', 'owner');
const serverTexts = (language: string) =>
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), `../../locales/server/${language}.json`), 'utf8')) as {
    candidateMail: { rejection: { subject: string } };
  };

interface Item {
  applicationId: string;
  name: string;
  email: string;
  stage: string;
  language: string;
}

const column = (page: Page, stage: string): Locator => page.locator(`.pipeline-column[data-stage="${stage}"]`);
const card = (page: Page, name: string): Locator => page.locator('.pipeline-card').filter({ has: page.getByRole('link', { name, exact: true }) });

async function itemNamed(page: Page, name: string): Promise<Item> {
  const answer = await page.request.get(`/v2/recruiter/openings/${OPENING}/pipeline`, { params: { q: name, rowsPerPage: '40' } });
  expect(answer.ok()).toBe(true);
  const { items } = (await answer.json()) as { items: Item[] };
  const item = items.find((candidate) => candidate.name === name);
  if (!item) throw new Error(`no candidate ${name}`);
  return item;
}

test.describe('the pipeline of an opening (owner, French interface)', () => {
  // Axe over a board of 30 cards with their menus takes a while on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.use({ storageState: OWNER_STATE });

  test.beforeAll(async () => {
    company = await createCompany({ pipeline: 30 });
    OPENING = company.pipeline?.openingId ?? '';
    saveSessionOf(company, 'owner', 'pipeline');
  });

  test('opens from the openings list; the board shows the seeded candidates in every stage; axe clean', async ({ page }) => {
    await page.goto('/recruiter/openings');
    await page.getByRole('searchbox').first().fill('Mechatroniker');
    await page.getByRole('link', { name: new RegExp(`^Candidats de ${TITLE} : \\d+$`) }).click();
    await expect(page).toHaveURL(`/recruiter/openings/${OPENING}/candidates`);
    await expect(page.getByRole('heading', { level: 1, name: `Candidats – ${TITLE}` })).toBeVisible();
    for (const name of ['Nouveau', 'En examen', 'Entretien', 'Offre', 'Embauché', 'Refusé']) {
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${name} `) })).toBeVisible();
    }
    for (const stage of ['NEW', 'IN_REVIEW', 'INTERVIEW', 'OFFER', 'HIRED', 'REJECTED']) {
      await expect(column(page, stage).locator('.pipeline-card').first()).toBeVisible();
    }
    // Step progress is said in words.
    await expect(page.locator('.pipeline-steps[aria-label*=" sur 3 "]').first()).toHaveAttribute('aria-label', /^Étapes : \d sur 3 terminées/);
    await expectNoAxeViolation(page);

    // The keys are documented behind "?".
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Raccourcis clavier' })).toContainText('Candidat suivant');
    await page.keyboard.press('Escape');
  });

  test('reviews with the keyboard: j moves focus, m opens the move menu, the candidate moves to Interview', async ({ page }) => {
    await page.goto(`/recruiter/openings/${OPENING}/candidates`);
    await expect(column(page, 'NEW').locator('.pipeline-card').first()).toBeVisible();
    await page.keyboard.press('j');
    const focused = page.locator('[data-review-item]:focus');
    await expect(focused).toHaveCount(1);
    await page.keyboard.press('j');
    const name = (await focused.textContent()) ?? '';
    expect(name.length).toBeGreaterThan(3);
    await page.keyboard.press('m');
    const menu = page.getByRole('menu', { name: `Déplacer vers… ${name}` });
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Entretien' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Déplacé vers « Entretien »' })).toBeVisible();
    await expect(card(page, name)).toHaveCount(1);
    await expect(column(page, 'INTERVIEW').getByRole('link', { name, exact: true })).toBeVisible();
  });

  test('moves a candidate by drag and drop', async ({ page }) => {
    await page.goto(`/recruiter/openings/${OPENING}/candidates`);
    const first = column(page, 'NEW').locator('.pipeline-card').first();
    const name = (await first.locator('[data-review-item]').textContent()) ?? '';
    // A person's drag: press on the card, move over the Offer column in steps, release there.
    const target = column(page, 'OFFER').getByRole('heading', { level: 2 });
    await target.scrollIntoViewIfNeeded();
    await first.hover();
    await page.mouse.down();
    const box = await target.boundingBox();
    if (!box) throw new Error('the Offer column is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 20, { steps: 12 });
    await page.mouse.up();
    await expect(column(page, 'OFFER').getByRole('link', { name, exact: true })).toBeVisible();
    expect((await itemNamed(page, name)).stage).toBe('OFFER');
  });

  test('rejects with a mail that lands in the outbox in the candidate’s language', async ({ page }) => {
    await page.goto(`/recruiter/openings/${OPENING}/candidates`);
    const target = column(page, 'IN_REVIEW').locator('.pipeline-card').first();
    const name = (await target.locator('[data-review-item]').textContent()) ?? '';
    const item = await itemNamed(page, name);
    await target.getByRole('button', { name: `Déplacer vers… ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Refuser…' }).click();
    const dialog = page.getByRole('dialog', { name: `Refuser ${name}` });
    await dialog.getByLabel('Motif').selectOption('EXPERIENCE');
    const expected = serverTexts(item.language).candidateMail.rejection.subject.replace('{{openingTitle}}', TITLE);
    await expect(dialog.getByLabel('Objet')).toHaveValue(expected);
    await expect(dialog.getByLabel('Message')).toHaveValue(new RegExp(name.split(' ')[0] ?? ''));
    await expectNoAxeViolation(page, 'dialog');
    await dialog.getByRole('button', { name: 'Refuser', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(column(page, 'REJECTED').getByRole('link', { name, exact: true })).toBeVisible();
    await expect
      .poll(async () => {
        const mails = (await (await page.request.get('/dev/outbox.json')).json()) as Array<{ to: string; subject: string }>;
        return mails.find((mail) => mail.to === item.email)?.subject;
      })
      .toBe(expected);
  });

  test('the table filters, selects two candidates and moves them in bulk; axe clean; fits 390 px', async ({ page }) => {
    await page.goto(`/recruiter/openings/${OPENING}/candidates`);
    await page.getByRole('button', { name: 'Liste' }).click();
    const table = page.getByRole('table', { name: 'Candidats de ce poste' });
    await expect(table.locator('tbody tr')).toHaveCount(20);
    await page.getByLabel('Étape', { exact: true }).selectOption('NEW');
    await expect(table.locator('tbody tr').first()).toContainText('Nouveau');
    const rows = table.locator('tbody tr');
    const names = [(await rows.nth(0).locator('[data-review-item]').textContent()) ?? '', (await rows.nth(1).locator('[data-review-item]').textContent()) ?? ''];
    for (const name of names) await page.getByRole('checkbox', { name: `Sélectionner ${name}` }).check();
    await expect(page.getByText('Sélectionnés : 2')).toBeVisible();
    await expectNoAxeViolation(page);
    await page.getByRole('button', { name: 'Déplacer vers… Sélectionnés : 2' }).click();
    await page.getByRole('menuitem', { name: 'En examen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Déplacé vers « En examen »' })).toBeVisible();
    for (const name of names) expect((await itemNamed(page, name)).stage).toBe('IN_REVIEW');

    // The view is remembered; on a phone the page does not scroll sideways (the board scrolls inside itself).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('table', { name: 'Candidats de ce poste' })).toBeVisible();
    await page.getByRole('button', { name: 'Tableau' }).click();
    await expect(column(page, 'NEW')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await expectNoAxeViolation(page);
  });

  test('a column shows its first 20 cards, "show more" reveals the next ones with focus on the first; j/k and m reach them; counts stay exact; axe clean', async ({ page }) => {
    // The opening's 30 candidates all go back to New, so that one column holds more than a page:
    // last in this file, the tests above need their stages.
    const everyone: string[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const answer = await page.request.get(`/v2/recruiter/openings/${OPENING}/pipeline`, { params: { rowsPerPage: '40', page: String(pageNumber) } });
      const { items, total: all } = (await answer.json()) as { items: Item[]; total: number };
      everyone.push(...items.map((item) => item.applicationId));
      if (everyone.length >= all || !items.length) break;
    }
    const headers = { origin: baseURL };
    const back = await page.request.post(`/v2/recruiter/openings/${OPENING}/applications/bulk`, { data: { action: 'move', applicationIds: everyone, stage: 'NEW' }, headers });
    expect(back.ok(), await back.text()).toBe(true);
    const total = everyone.length;
    expect(total).toBeGreaterThanOrEqual(30);

    await page.goto(`/recruiter/openings/${OPENING}/candidates`);
    const fresh = column(page, 'NEW');
    const cards = fresh.locator('.pipeline-card');
    await expect(cards).toHaveCount(20);
    const heading = fresh.getByRole('heading', { level: 2 });
    await expect(heading).toHaveText(`Nouveau ${total} candidats`);
    const shown = Math.min(40, total);
    await fresh.getByRole('button', { name: `Afficher ${shown - 20} de plus dans « Nouveau »` }).focus();
    await page.keyboard.press('Enter');
    await expect(cards).toHaveCount(shown);
    const revealed = cards.nth(20).locator('[data-review-item]');
    await expect(revealed).toBeFocused();
    await expect(heading).toHaveText(`Nouveau ${total} candidats`);
    // Each card once: the next page continues the column.
    const names = await fresh.locator('[data-review-item]').allTextContents();
    expect(new Set(names).size).toBe(shown);
    await expectNoAxeViolation(page);

    // Keyboard review goes on from the revealed card, and `m` moves it.
    await page.keyboard.press('k');
    await expect(cards.nth(19).locator('[data-review-item]')).toBeFocused();
    await page.keyboard.press('j');
    await expect(revealed).toBeFocused();
    const name = (await revealed.textContent()) ?? '';
    await page.keyboard.press('m');
    const menu = page.getByRole('menu', { name: `Déplacer vers… ${name}` });
    await menu.getByRole('menuitem', { name: 'En examen' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Déplacé vers « En examen »' })).toBeVisible();
    // It is in sight in its new column (wherever it sorts there) and keeps the focus.
    await expect(column(page, 'IN_REVIEW').getByRole('link', { name, exact: true })).toBeFocused();
    await expect(card(page, name)).toHaveCount(1);
    expect((await itemNamed(page, name)).stage).toBe('IN_REVIEW');
    await expect(heading).toHaveText(`Nouveau ${total - 1} candidats`);
    // The column keeps what was revealed after the reload.
    await expect(cards).toHaveCount(Math.min(40, total - 1));

    // A revealed card moves by drag and drop too (a tall window: card and column both on screen, as a drag needs).
    await page.setViewportSize({ width: 1280, height: 4200 });
    const dragged = cards.nth(25);
    const draggedName = (await dragged.locator('[data-review-item]').textContent()) ?? '';
    const target = column(page, 'OFFER').getByRole('heading', { level: 2 });
    await dragged.hover();
    await page.mouse.down();
    const box = await target.boundingBox();
    if (!box) throw new Error('the Offer column is not on screen');
    // The Offer column is empty now: release on its heading.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect(column(page, 'OFFER').getByRole('link', { name: draggedName, exact: true })).toBeVisible();
    expect((await itemNamed(page, draggedName)).stage).toBe('OFFER');

    // Back to New on a fresh page: it sorts beyond New's first 20 cards, yet shows there, focused.
    await page.reload();
    await expect(cards).toHaveCount(20);
    await column(page, 'OFFER').getByRole('button', { name: `Déplacer vers… ${draggedName}` }).click();
    await page.getByRole('menuitem', { name: 'Nouveau' }).click();
    await expect(fresh.getByRole('link', { name: draggedName, exact: true })).toBeFocused();
    await expect(cards).toHaveCount(21);
    await expect(heading).toHaveText(`Nouveau ${total - 1} candidats`);
    expect((await itemNamed(page, draggedName)).stage).toBe('NEW');
  });
});

test('the viewer sees the pipeline without any decision, and the API refuses her writes', async ({ page }) => {
  const company = await createCompany({ pipeline: 30 });
  const OPENING = company.pipeline?.openingId ?? '';
  await signInTo(page.context(), company, 'viewer');
  await page.goto(`/recruiter/openings/${OPENING}/candidates`);
  await expect(page.getByRole('heading', { level: 1, name: `Candidates – ${TITLE}` })).toBeVisible();
  await expect(column(page, 'NEW').locator('.pipeline-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Move to… / })).toHaveCount(0);
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('table', { name: 'Candidates of this opening' }).locator('tbody tr')).toHaveCount(20);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Actions on the selection' })).toHaveCount(0);
  const { items } = (await (await page.request.get(`/v2/recruiter/openings/${OPENING}/pipeline`)).json()) as { items: Item[] };
  const someone = items[0] as Item;
  const headers = { origin: baseURL };
  expect((await page.request.post(`/v2/recruiter/openings/${OPENING}/applications/${someone.applicationId}/stage`, { data: { stage: 'OFFER' }, headers })).status()).toBe(403);
  expect((await page.request.post(`/v2/recruiter/openings/${OPENING}/applications/${someone.applicationId}/reject`, { data: { reason: 'OTHER' }, headers })).status()).toBe(403);
  expect((await page.request.post(`/v2/recruiter/openings/${OPENING}/applications/bulk`, { data: { action: 'move', applicationIds: [someone.applicationId], stage: 'OFFER' }, headers })).status()).toBe(403);
});
