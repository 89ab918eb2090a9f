import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createCompany, createOpening, pageAs, uniqueTitle } from './fixtures';
import { expectNoAxeViolation, signIn, smallPdf } from './helpers';
import ExcelJS from 'exceljs';
import { pdfText } from './pdf-text';
import { test } from './test';

// The seeded demo logins of the sign-in contract; the owner's interface speaks French.
const OWNER = { email: 'claire.owner@lumen.example', password: 'lumen-owner-2026' };
const VIEWER = { email: 'victor.viewer@lumen.example', password: 'lumen-viewer-2026' };

// Seeded Lumen openings (packages/server/src/seed/demo-openings.ts) that these tests only read:
// no test changes them. What a test changes (archives, duplicates, publishes, deletes, configures)
// is an opening of its own, with a unique title.
const PUBLISHED = 'Product Owner Robotique';
const PUBLISHED_REF = 'LR-PO-003';
const PUBLISHED_APPLICATIONS = 15;
const ARCHIVED_RETAINED = 'Field Service Engineer';



const table = (page: Page) => page.getByRole('table').first();
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const row = (page: Page, title: string) => table(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });

/** The owner's openings list, narrowed by the (debounced) search to `title`. */
async function findOpening(page: Page, title: string) {
  await page.goto('/recruiter/openings');
  await expect(page.getByRole('heading', { level: 1, name: 'Postes' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(title);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(row(page, title)).toBeVisible();
}

// The owner signs in once (the server limits sign-ins); every owner test starts from that session.
const OWNER_STATE = join(tmpdir(), `rec-e2e-owner-${process.pid}.json`);

test.describe('openings (owner, French interface)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: OWNER_STATE });

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3107}`, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signIn(page, OWNER);
    await expect(page).toHaveURL(/\/recruiter$/);
    await context.storageState({ path: OWNER_STATE });
    await context.close();
  });

  test('the list is a sortable, paged data table without axe violations', async ({ browser }) => {
    // A company of this test's own: the openings it adds to fill two pages are nobody else's.
    const company = await createCompany();
    const page = await pageAs(browser, company, 'owner');
    await page.goto('/recruiter/openings');
    await expect(page.getByRole('heading', { level: 1, name: 'Postes' })).toBeVisible();
    await expect(bodyRows(page).first()).toBeVisible();
    await expectNoAxeViolation(page);

    // Sorting: the title column says how it is sorted.
    const titleHeader = table(page).getByRole('columnheader', { name: /Intitulé/ });
    await expect(titleHeader).toHaveAttribute('aria-sort', 'none');
    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(table(page).getByRole('columnheader', { name: /Modifié le/ })).toHaveAttribute('aria-sort', 'none');

    // More openings than one page holds: 20 rows, the rest on the next page; 30 rows per page on demand.
    const answer = await page.request.get('/v2/jobs?pageSize=20');
    let total = ((await answer.json()) as { total: number }).total;
    for (; total < 25; total += 1) {
      await createOpening(page, { title: `Paging opening ${total}`, language: 'en' });
    }
    await page.reload();
    await expect(bodyRows(page)).toHaveCount(20);
    await expect(page.getByText(`1–20 sur ${total}`)).toBeVisible();
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await expect(bodyRows(page)).toHaveCount(total - 20);
    await expect(page.getByText(`21–${total} sur ${total}`)).toBeVisible();
    await page.getByLabel('Lignes par page').selectOption('30');
    await expect(bodyRows(page)).toHaveCount(Math.min(total, 30));
    await expect(page.getByText(`1–${Math.min(total, 30)} sur ${total}`)).toBeVisible();
    await page.context().close();
  });

  test('archives (keyboard menu, confirmation dialog) and unarchives an opening', async ({ page }) => {
    await page.goto('/recruiter');
    const PUBLISHED = uniqueTitle('Chef·fe de projet robotique');
    await createOpening(page, { title: PUBLISHED, status: 'PUBLISHED' });
    await findOpening(page, PUBLISHED);
    const menuButton = page.getByRole('button', { name: `Actions pour ${PUBLISHED}`, exact: true });
    await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');

    // Keyboard: ArrowDown opens on the first item, End goes to the last (archive for a published opening).
    await menuButton.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name: `Actions pour ${PUBLISHED}`, exact: true });
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem')).toHaveText(['Modifier', 'Dupliquer', 'Créer une publication', 'Exporter les données des candidats', 'Archiver']);
    await expect(menu.getByRole('menuitem', { name: 'Modifier' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Archiver' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Archiver ce poste ?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expectNoAxeViolation(page);
    // Escape closes without archiving; focus returns to the menu button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(row(page, PUBLISHED)).toContainText('Publié');

    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Archiver' }).click();
    await dialog.getByRole('button', { name: 'Archiver' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Poste archivé' })).toBeVisible();
    await expect(row(page, PUBLISHED)).toContainText('Archivé');

    await menuButton.click();
    await expect(menu.getByRole('menuitem')).toHaveText(['Dupliquer', 'Exporter les données des candidats', 'Désarchiver', 'Supprimer']);
    await menu.getByRole('menuitem', { name: 'Désarchiver' }).click();
    await page.getByRole('alertdialog', { name: 'Désarchiver ce poste ?' }).getByRole('button', { name: 'Désarchiver' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Poste désarchivé' })).toBeVisible();
    await expect(row(page, PUBLISHED)).toContainText('Publié');
  });

  test('duplicates an opening through the create wizard (details -> review)', async ({ page }) => {
    await page.goto('/recruiter');
    const DRAFT = uniqueTitle('Data Engineer (Python/Spark)');
    await createOpening(page, { title: DRAFT, referenceCode: `LR-DATA-${Date.now().toString(36).toUpperCase()}`, description: '<p>Build the data platform that turns robot telemetry into maintenance forecasts.</p>' });
    await findOpening(page, DRAFT);
    await page.getByRole('button', { name: `Actions pour ${DRAFT}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Dupliquer' }).click();
    await expect(page).toHaveURL(/\/recruiter\/openings\/create\/details\?baseOpening=[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Dupliquer « ${DRAFT} »`);
    await expect(page.getByLabel('Intitulé')).toHaveValue(DRAFT);
    // A reference code names one opening: the copy starts without it, and keeps the description.
    await expect(page.getByLabel('Code de référence')).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Description' })).toContainText('Build the data platform that turns robot telemetry into maintenance forecasts.');
    await expectNoAxeViolation(page);

    // A blank title is refused with the translated rule message.
    await page.getByLabel('Intitulé').fill('   ');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByLabel('Intitulé')).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: /obligatoire/ })).toBeVisible();
    await page.getByLabel('Intitulé').fill(`${DRAFT} – copie`);
    await page.getByRole('button', { name: 'Suivant' }).click();

    await expect(page).toHaveURL(/\/recruiter\/openings\/create\/review\?baseOpening=/);
    await expect(page.getByRole('navigation', { name: 'Étapes' }).locator('[aria-current="step"]')).toContainText('Vérification');
    await page.getByRole('button', { name: 'Créer le poste' }).click();
    await expect(page).toHaveURL(/\/recruiter\/openings\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${DRAFT} – copie`);
    await expect(page.getByRole('status').filter({ hasText: 'Poste créé' })).toBeVisible();
    await expect(page.locator('.page-header')).toContainText('Brouillon');
    await expect(page.locator('.opening-details')).not.toContainText('LR-DATA-');
    await expect(page.locator('.opening-description')).toHaveText('Build the data platform that turns robot telemetry into maintenance forecasts.');
  });

  test('creates a publication through the posting wizard (content -> channels -> review)', async ({ page }) => {
    await page.goto('/recruiter');
    const POSTING_OPENING = uniqueTitle('Mechatroniker:in Robotik');
    await createOpening(page, {
      title: POSTING_OPENING,
      language: 'de',
      location: 'Luxemburg',
      description: '<p>Sie montieren, prüfen und nehmen unsere kollaborativen Roboter in Betrieb.</p>',
      status: 'PUBLISHED',
    });
    await findOpening(page, POSTING_OPENING);
    await page.getByRole('button', { name: `Actions pour ${POSTING_OPENING}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Créer une publication' }).click();
    await expect(page).toHaveURL(/\/recruiter\/openings\/[0-9a-f]{24}\/postings\/create\/content$/);
    await expect(page.getByLabel('Intitulé')).toHaveValue(POSTING_OPENING);
    await page.getByLabel('Intitulé').fill(`${POSTING_OPENING} (Esch)`);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page).toHaveURL(/\/postings\/create\/channels$/);
    await page.getByRole('checkbox', { name: 'Page carrières' }).uncheck();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choisissez au moins un canal.' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Lien de partage' }).check();
    await expectNoAxeViolation(page);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page).toHaveURL(/\/postings\/create\/review$/);
    await page.getByRole('button', { name: 'Créer la publication' }).click();
    await expect(page).toHaveURL(/\/recruiter\/openings\/[0-9a-f]{24}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Publication créée' })).toBeVisible();
    const card = page.getByRole('article', { name: `${POSTING_OPENING} (Esch)` });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: /\/offer\/c\/[0-9a-f]{24}$/ })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Copier le lien « Lien de partage »' })).toBeVisible();
  });

  test('exports the applicant data of an opening as an xlsx file with the expected name, header and rows', async ({ page }) => {
    await findOpening(page, PUBLISHED);
    await row(page, PUBLISHED).getByRole('link', { name: PUBLISHED, exact: true }).click();
    await expect(page).toHaveURL(/\/recruiter\/openings\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLISHED);
    await expect(page.getByRole('heading', { level: 2, name: 'Publications' })).toBeVisible();
    await expect(page.getByRole('table', { name: `Candidats pour ${PUBLISHED}` })).toBeVisible();
    await expect(page.getByRole('button', { name: /Copier le lien/ }).first()).toBeVisible();
    await expectNoAxeViolation(page);

    await page.getByRole('button', { name: `Actions pour ${PUBLISHED}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Exporter les données des candidats' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporter les données des candidats' });
    await expect(dialog).toBeVisible();
    for (const name of [/Données personnelles/, /Détails de la candidature/, /Données professionnelles/]) await expect(dialog.getByRole('checkbox', { name })).toBeChecked();
    await expectNoAxeViolation(page);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Télécharger' }).click();
    const download = await downloading;
    // Named by the server in the interface language (issue 26).
    expect(download.suggestedFilename()).toBe(`Données des candidats ${PUBLISHED} (${PUBLISHED_REF}).xlsx`);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Export téléchargé' })).toBeVisible();

    const file = join(mkdtempSync(join(tmpdir(), 'rec-export-')), download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    // Sheet and column names follow the recruiter's interface language (French here).
    expect(sheet.name).toBe('Candidatures');
    expect(header).toEqual([
      'Prénom',
      'Nom',
      'E-mail',
      'Téléphone',
      'Nationalité',
      'Date de naissance',
      'Genre',
      'Adresse',
      'ID de la candidature',
      'Date de candidature',
      'Canal',
      'Langue',
      'Code de recommandation',
      // Where the candidate came from (issue 30).
      'Source de la campagne',
      'Support de la campagne',
      'Campagne',
      'Page de provenance',
      'Consentement donné le',
      'Salaire souhaité',
      'Permis de conduire',
      'Permis de travail',
      'Nom du fichier du CV',
    ]);
    expect(sheet.actualRowCount).toBe(1 + PUBLISHED_APPLICATIONS);
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(String(first[2])).toMatch(/@example\.org$/);
    // Codes carry French labels, dates are date cells, a phone number has no visible apostrophe (issue 9).
    expect(['Lien partagé', 'Cooptation']).toContain(String(first[10]));
    expect(['Femme', 'Homme', 'Non binaire', 'Préfère ne pas répondre']).toContain(String(first[6]));
    expect(['Oui', 'Non']).toContain(String(first[20]));
    expect(String(first[3])).toMatch(/^\+352 /);
    expect(first[5]).toBeInstanceOf(Date);
    expect(first[9]).toBeInstanceOf(Date);
    expect(sheet.getRow(2).getCell(10).numFmt).toBe('dd/mm/yyyy');
  });

  test('downloads the CV a candidate uploaded, from the applicants table of the opening', async ({ browser }) => {
    // A candidate applies through the public API, as the career site does, to the sample offer of a company of this test's own.
    const company = await createCompany({ sample: true, privacyNotices: true });
    const { channelId, title } = company.sample!;
    const page = await pageAs(browser, company, 'owner');
    const pdf = smallPdf();
    const fileName = `CV Zoé ${Date.now()}.pdf`;
    const uploaded = await page.request.post(`/v2/storage?scopeName=COMPANY&companyId=${company.companyId}&channelId=${channelId}`, {
      multipart: { file: { name: fileName, mimeType: 'application/pdf', buffer: pdf } },
    });
    expect(uploaded.status()).toBe(201);
    const cv = await uploaded.json();
    const applied = await page.request.post(`/v2/offers/channel/${channelId}/applications`, {
      data: { submissionId: `e2e-cv-${Date.now()}`, firstName: 'Zoé', lastName: 'Kowalska', email: `zoe.${Date.now()}@example.org`, birthDate: '02/03/1990', cv, gdprConsent: true },
    });
    expect(applied.status(), await applied.text()).toBe(201);

    await findOpening(page, title);
    await row(page, title).getByRole('link', { name: title, exact: true }).click();
    const link = page.getByRole('table', { name: `Candidats pour ${title}` }).getByRole('link', { name: fileName });
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    const file = join(mkdtempSync(join(tmpdir(), 'rec-cv-')), 'cv.pdf');
    await download.saveAs(file);
    expect(readFileSync(file).equals(pdf)).toBe(true);
    await page.context().close();
  });

  test('a seeded CV is a real PDF with the candidate’s name, and the owner sees the sensitive columns', async ({ page }) => {
    await findOpening(page, PUBLISHED);
    await row(page, PUBLISHED).getByRole('link', { name: PUBLISHED, exact: true }).click();
    const applicants = page.getByRole('table', { name: `Candidats pour ${PUBLISHED}` });
    for (const header of ['Date de naissance', 'Genre', 'Nationalité', 'Adresse', 'Salaire souhaité']) await expect(applicants.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    const firstRow = applicants.locator('tbody tr').first();
    const candidate = (await firstRow.getByRole('rowheader').textContent())?.trim() ?? '';
    const downloading = page.waitForEvent('download');
    await firstRow.getByRole('link', { name: /^CV_\w+_\w+\.pdf$/ }).click();
    const download = await downloading;
    const file = join(mkdtempSync(join(tmpdir(), 'rec-seeded-cv-')), 'cv.pdf');
    await download.saveAs(file);
    const pdf = readFileSync(file).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    // The name as a PDF string (Latin-1; letters outside it lose their accent).
    const latin1 = [...candidate].map((char) => (char.charCodeAt(0) <= 0xff ? char : (char.normalize('NFD')[0] ?? ''))).join('').replace(/ł/g, 'l');
    expect(pdf).toContain(`(${latin1}) Tj`);
    // Opening it works: PDF.js (Firefox's reader) reads the page and the name on it.
    const pages = await pdfText(readFileSync(file));
    expect(pages).toHaveLength(1);
    expect(pages[0]?.[0]).toBe(latin1);
  });

  test('an opening configured to require the birth date: the wizard’s radio groups, the DD/MM/YYYY input, the server’s refusal', async ({ browser }) => {
    // Mechatroniker:in Robotik (published, with a share channel) in a company of the test's own.
    const company = await createCompany({ pipeline: 1 });
    const openingId = company.pipeline?.openingId ?? '';
    const channelId = company.pipeline?.channelId ?? '';
    const page = await pageAs(browser, company, 'owner');
    await page.goto(`/recruiter/openings/${openingId}/edit`);
    const section = page.getByRole('group', { name: 'Formulaire de candidature' });
    await expect(section).toBeVisible();
    const birthDate = section.getByRole('group', { name: 'Date de naissance' });
    await expect(birthDate.getByRole('radio', { name: 'Non demandé' })).toBeChecked();
    // Keyboard: arrows move within the radio group.
    await birthDate.getByRole('radio', { name: 'Non demandé' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(birthDate.getByRole('radio', { name: 'Obligatoire' })).toBeChecked();
    await expectNoAxeViolation(page);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/recruiter/openings/${openingId}$`));

    // A visitor with a German browser.
    const visitor = await browser.newContext({ locale: 'de-DE', baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3107}`, storageState: { cookies: [], origins: [] } });
    const candidate = await visitor.newPage();
    await candidate.goto(`/offer/c/${channelId}?embedded=applyManualOnly`);
    const input = candidate.locator('#rec-apply-birthDate');
    await expect(input).toHaveAttribute('aria-required', 'true');
    await expect(candidate.locator('#rec-apply-birthDate-hint')).toHaveText('Format TT/MM/JJJJ');
    const stamp = Date.now();
    await candidate.locator('#rec-apply-firstName').fill('Jonas');
    await candidate.locator('#rec-apply-lastName').fill('Becker');
    await candidate.locator('#rec-apply-email').fill(`jonas.${stamp}@example.org`);
    await candidate.locator('#rec-apply-gdprConsent').check();
    await candidate.locator('rec-offer [part~="apply-submit"]').click();
    await expect(input).toBeFocused();
    await expect(candidate.locator('#rec-apply-birthDate-error')).toHaveText('Dieses Feld ist erforderlich.');
    await input.fill('1.2.1990');
    await input.blur();
    await expect(input).toHaveValue('01/02/1990');
    await expectNoAxeViolation(candidate);

    // The server enforces the same configuration.
    const refused = await candidate.request.post(`/v2/offers/channel/${channelId}/applications`, {
      data: { submissionId: `e2e-birth-${stamp}`, firstName: 'Jonas', lastName: 'Becker', email: `jonas.api.${stamp}@example.org`, gdprConsent: true },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).fields).toEqual({ birthDate: 'errors.required' });

    await candidate.locator('rec-offer [part~="apply-submit"]').click();
    await expect(candidate.locator('rec-offer [part~="apply-success"]')).toBeVisible();
    await visitor.close();
    await page.context().close();
  });

  test('an archived opening with recent applications cannot be deleted; a deletable one is deleted', async ({ page }) => {
    await findOpening(page, ARCHIVED_RETAINED);
    await page.getByRole('button', { name: `Actions pour ${ARCHIVED_RETAINED}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Supprimer ce poste ?' });
    await expect(dialog.getByRole('alert')).toContainText('durée légale de conservation');
    await expect(dialog.getByRole('alert')).not.toContainText('opening.deleteUnavailable');
    await expect(dialog.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
    await expectNoAxeViolation(page);
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(dialog).toBeHidden();

    // An archived opening of the test's own, without applications: nothing to keep, it may go.
    const ARCHIVED_DELETABLE = uniqueTitle('Stagiaire assemblage');
    await createOpening(page, { title: ARCHIVED_DELETABLE, status: 'ARCHIVED' });
    await findOpening(page, ARCHIVED_DELETABLE);
    await page.getByRole('button', { name: `Actions pour ${ARCHIVED_DELETABLE}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer ce poste ?' });
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Poste supprimé' })).toBeVisible();
    await expect(page).toHaveURL(/\/recruiter\/openings$/);
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill(ARCHIVED_DELETABLE);
    await expect(table(page).getByText('Aucun poste ne correspond.')).toBeVisible();
  });
});

test('the viewer sees the openings but no managing action', async ({ page }) => {
  await signIn(page, VIEWER);
  await expect(page).toHaveURL(/\/recruiter$/);
  await page.goto('/recruiter/openings');
  await expect(page.getByRole('heading', { level: 1, name: 'Openings' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search' }).fill(PUBLISHED);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New opening' })).toHaveCount(0);
  await row(page, PUBLISHED).getByRole('link', { name: PUBLISHED, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLISHED);
  await expect(page.getByRole('heading', { level: 2, name: 'Applicants' })).toBeVisible();
  // Without CANDIDATES:SENSITIVE:READ: no sensitive column, CV names without a download link (issue 9).
  const applicants = page.getByRole('table', { name: `Applicants for ${PUBLISHED}` });
  await expect(applicants.locator('tbody tr').first()).toBeVisible();
  for (const header of ['Birth date', 'Gender', 'Nationality', 'Address', 'Expected salary']) await expect(applicants.getByRole('columnheader', { name: header, exact: true })).toHaveCount(0);
  await expect(applicants.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
  await expect(applicants.getByText(/^CV_\w+_\w+\.pdf$/).first()).toBeVisible();
  await expect(applicants.getByRole('link', { name: /\.pdf$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create publication' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit publication' })).toHaveCount(0);
});
