import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { BASE_URL as baseURL, createCompany, type FixtureCompany, saveSessionOf, sessionFile } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

// A company of this file's own (fixtures.ts): its owner (French interface) has the default
// dashboard over its applications of the last weeks; its viewer (Victor Lang) reads English.
// Whatever is renamed, shared or duplicated here, no other test sees; a retry makes a new company.
let company: FixtureCompany;
let DASHBOARD = '';
const DASHBOARD_NAME = 'Vue d’ensemble du recrutement';
const RENAMED = 'Revue trimestrielle';
const OWNER_STATE = sessionFile('analytics', 'owner');
const VIEWER_STATE = sessionFile('analytics', 'viewer');

const kpi = (page: Page, id: string) => page.getByTestId(`kpi-${id}`);
const panels = (page: Page) => page.locator('.analytics-panels > li');

/** The number a KPI shows, once its results arrived. */
async function kpiNumber(page: Page, id: string): Promise<number> {
  await expect(kpi(page, id)).toHaveText(/\d/);
  return Number(((await kpi(page, id).textContent()) ?? '').replace(/\D/g, ''));
}

test.describe('analytics dashboards (owner in French, viewer in English)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: OWNER_STATE });

  test.beforeAll(async () => {
    company = await createCompany({ pipeline: 30 });
    DASHBOARD = company.dashboardId;
    saveSessionOf(company, 'owner', 'analytics');
    saveSessionOf(company, 'viewer', 'analytics');
  });

  test('the owner lands on the first dashboard; a shorter date range changes the numbers; axe clean', async ({ page }) => {
    await page.goto('/recruiter');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Statistiques' }).click();
    await expect(page).toHaveURL(new RegExp(`/recruiter/analytics_new/dashboards/${DASHBOARD}$`));
    await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_NAME })).toBeVisible();
    await expect(panels(page)).toHaveCount(7);
    // Its applications arrived over the last month (one a day): all of them in the quarter.
    const quarter = await kpiNumber(page, 'applications');
    expect(quarter).toBeGreaterThanOrEqual(30);
    await expectNoAxeViolation(page);

    await page.getByLabel('Période').selectOption({ label: '7 derniers jours' });
    await expect.poll(() => kpiNumber(page, 'applications')).toBeLessThan(quarter);
    const week = await kpiNumber(page, 'applications');
    expect(week).toBeGreaterThan(0);

    // The funnel as a table, for screen readers: stages as row headers, numbers beside them.
    const funnel = panels(page).filter({ hasText: 'Entonnoir de recrutement' });
    await funnel.getByRole('button', { name: 'Afficher en tableau' }).click();
    await expect(funnel.getByRole('button', { name: 'Afficher en tableau' })).toHaveAttribute('aria-pressed', 'true');
    await expect(funnel.getByRole('rowheader')).toHaveText(['Nouveau', 'En examen', 'Entretien', 'Offre', 'Embauché']);
    await expect(funnel.getByRole('cell').first()).toHaveText(String(week));
    await expectNoAxeViolation(page);

    // The saved range is the dashboard's: it is still there after a reload.
    await page.reload();
    await expect(page.getByLabel('Période')).toHaveValue('LAST_7_DAYS');
    await page.getByLabel('Période').selectOption('LAST_90_DAYS');
    await expect.poll(() => kpiNumber(page, 'applications')).toBe(quarter);
  });

  test('the owner adds a funnel panel, renames and recolours the dashboard', async ({ page }) => {
    await page.goto(`/recruiter/analytics_new/dashboards/${DASHBOARD}`);
    await page.getByRole('button', { name: 'Modifier les panneaux' }).click();
    const editor = page.getByRole('dialog', { name: 'Modifier les panneaux' });
    await editor.getByRole('button', { name: 'Ajouter un panneau' }).click();
    await editor.getByLabel('Type').last().selectOption({ label: 'Entonnoir' });
    await expectNoAxeViolation(page, 'dialog');
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Tableau de bord enregistré')).toBeVisible();
    await expect(panels(page)).toHaveCount(8);
    await expect(panels(page).filter({ hasText: 'Entonnoir de recrutement' })).toHaveCount(2);

    await page.getByRole('button', { name: 'Renommer et changer la couleur' }).click();
    const upsert = page.getByRole('dialog', { name: 'Modifier le tableau de bord' });
    await upsert.getByLabel('Nom du tableau de bord').fill(RENAMED);
    // The hue slider, by keyboard (the picker shows no text inputs: hexa mode, inputs hidden).
    const hue = upsert.getByRole('slider', { name: 'Teinte' });
    await hue.focus();
    for (let i = 0; i < 8; i += 1) await hue.press('ArrowRight');
    await expect(upsert.getByText(/Couleur choisie : #(?!1E6FD9FF)[0-9A-F]{8}/)).toBeVisible();
    await expect(upsert.locator('input')).toHaveCount(1);
    await expectNoAxeViolation(page, 'dialog');
    await upsert.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
    await expect(page.getByTestId('dashboard-color')).not.toHaveAttribute('data-color', '#1E6FD9FF');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
    await expect(panels(page)).toHaveCount(8);
  });

  test('the owner shares with the viewer, who reads it without edit actions; then removes all users', async ({ page, browser }) => {
    await page.goto(`/recruiter/analytics_new/dashboards/${DASHBOARD}`);
    await page.getByRole('button', { name: 'Partager' }).click();
    const share = page.getByRole('dialog', { name: 'Partager le tableau de bord' });
    await expect(share.getByRole('checkbox')).toHaveCount(1, { timeout: 5000 });
    await expect(share.getByText('Claire Dubois')).toHaveCount(0);
    await expect(share.getByRole('button', { name: 'Retirer tous les utilisateurs' })).toBeDisabled();
    await share.getByRole('searchbox', { name: 'Rechercher un recruteur' }).fill('vic');
    await share.getByRole('checkbox', { name: 'Victor Lang' }).check();
    await expect(share.getByRole('button', { name: 'Ne plus partager avec Victor Lang' })).toBeVisible();
    await expect(share.getByRole('button', { name: 'Retirer tous les utilisateurs' })).toBeEnabled();
    await expectNoAxeViolation(page, 'dialog');
    await share.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Partage mis à jour')).toBeVisible();

    const viewerContext = await browser.newContext({ baseURL, storageState: VIEWER_STATE, viewport: { width: 390, height: 844 } });
    const viewer = await viewerContext.newPage();
    await viewer.goto('/recruiter/analytics_new/dashboards');
    await expect(viewer).toHaveURL(new RegExp(`/dashboards/${DASHBOARD}$`));
    await expect(viewer.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
    await expect(viewer.getByText('Shared with you: read only.')).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Share' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(kpi(viewer, 'applications')).toHaveText(/\d/);
    await expectNoAxeViolation(viewer);

    await page.getByRole('button', { name: 'Partager' }).click();
    await share.getByRole('button', { name: 'Retirer tous les utilisateurs' }).click();
    await expect(share.locator('.analytics-chip')).toHaveCount(0);
    await expect(share.getByRole('button', { name: 'Retirer tous les utilisateurs' })).toBeDisabled();
    await share.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Partage mis à jour').first()).toBeVisible();

    await viewer.goto('/recruiter/analytics_new/dashboards');
    await expect(viewer.getByText('No dashboard has been shared with you yet.')).toBeVisible();
    await expectNoAxeViolation(viewer);
    await viewerContext.close();
  });

  test('the owner duplicates the dashboard and deletes the copy after confirming', async ({ page }) => {
    await page.goto(`/recruiter/analytics_new/dashboards/${DASHBOARD}`);
    await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
    await page.getByRole('button', { name: 'Dupliquer' }).click();
    await expect(page.getByText('Tableau de bord dupliqué')).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`/dashboards/${DASHBOARD}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${RENAMED} (copie)` })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Tableaux de bord' });
    await expect(nav.getByRole('link')).toHaveCount(2);
    await expect(panels(page)).toHaveCount(8);

    await page.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer ce tableau de bord ?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolation(page, 'dialog');
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Tableau de bord supprimé')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/dashboards/${DASHBOARD}$`));
    await expect(nav.getByRole('link')).toHaveCount(1);
  });

  test('the analytics pages speak all nine interface languages, axe clean', async ({ browser }) => {
    const locales = join(dirname(fileURLToPath(import.meta.url)), '../../locales/app');
    const context = await browser.newContext({ baseURL, storageState: VIEWER_STATE, locale: 'pl-PL' });
    const page = await context.newPage();
    try {
      for (const language of ['de', 'en', 'es', 'fr', 'lb', 'nl', 'pt', 'it', 'pl']) {
        const texts = JSON.parse(readFileSync(join(locales, `${language}.json`), 'utf8')).analytics;
        // The recruiter area speaks the recruiter's own settings language (spec §2).
        const saved = await context.request.patch('/v2/recruiter/me/settings', { data: { language }, headers: { origin: baseURL } });
        expect(saved.status()).toBe(200);
        await page.goto('/recruiter/analytics_new');
        await expect(page.getByRole('heading', { level: 1, name: texts.empty.title })).toBeVisible();
        await expect(page.getByText(texts.empty.nothingShared)).toBeVisible();
        if (language === 'de' || language === 'pl') await expectNoAxeViolation(page);
      }
    } finally {
      await context.request.patch('/v2/recruiter/me/settings', { data: { language: 'en' }, headers: { origin: baseURL } });
      await context.close();
    }
  });
});
