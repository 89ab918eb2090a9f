import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { createCompany, signInTo } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

// Each test works in a company of its own (fixtures.ts: the demo's brand, a board with an open offer):
// the owner's interface speaks French, the viewer's English. A saved brand is seen by no other test.
const PAGE = '/recruiter/settings_new/mycompany';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fr = JSON.parse(readFileSync(join(ROOT, 'locales/app/fr.json'), 'utf8'));

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).or(page.getByRole('alert').filter({ hasText: text })).first();

/** The colour the preview's board paints its offer titles with, read inside the element's shadow root. */
const previewPrimary = (page: Page) =>
  page
    .getByTestId('brand-preview-board')
    .locator('rec-board')
    .evaluate((board) => {
      const title = board.shadowRoot?.querySelector('.offer-title');
      return title ? getComputedStyle(title).color : null;
    });

/** The saved brand, as the API answers it. */
async function savedBrand(page: Page): Promise<unknown> {
  const response = await page.request.get('/v2/companies/settings');
  expect(response.ok()).toBe(true);
  return (await response.json()).brand;
}

/** A PATCH from inside the page, so the browser sends our Origin (a foreign one is refused before any permission check). */
const patchBrand = (page: Page, brand: unknown) =>
  page.evaluate(async (body) => (await fetch('/v2/companies/settings', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ brand: body }) })).status, brand);

test.describe('brand editor (settings_new/mycompany)', () => {
  test('the owner recolours by typing, sees the preview follow, is warned about a pale primary and saves after confirming; a visitor of the career site sees it', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const company = await createCompany();
    await signInTo(page.context(), company, 'owner');
    await page.goto(PAGE);
    const original = await savedBrand(page);
    const brand = page.locator('#brand');
    await expect(brand.getByRole('heading', { level: 2, name: 'Marque' })).toBeVisible();
    // The preview is the company's real board: wait for its offers before judging their colour.
    await expect.poll(() => previewPrimary(page), { timeout: 15_000 }).not.toBeNull();
    await expect(page.getByTestId('brand-preview-offer').locator('rec-offer form').first()).toBeAttached({ timeout: 15_000 });

    // Keyboard only: focus the hex field, select what it holds, type the new code.
    const primary = brand.getByRole('textbox', { name: 'Principale', exact: true });
    await primary.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('#b4451f');
    await expect.poll(() => previewPrimary(page)).toBe('rgb(180, 69, 31)');
    const contrast = brand.getByRole('status', { name: 'Contraste' });
    await expect(contrast).toContainText('WCAG AA');

    // A half-typed code is not a colour: said at the field, the preview keeps the last one.
    await page.keyboard.press('Backspace');
    await expect(brand.getByText('Saisissez un code couleur comme #1f5fbf.')).toBeVisible();
    await expect(primary).toHaveAttribute('aria-invalid', 'true');
    expect(await previewPrimary(page)).toBe('rgb(180, 69, 31)');

    // A pale primary: the pairs it breaks are listed live, with their ratio and the one needed.
    await primary.fill('#ffe066');
    await expect.poll(() => previewPrimary(page)).toBe('rgb(255, 224, 102)');
    await expect(contrast).toContainText('Ces paires sont difficiles à lire');
    await expect(contrast.getByRole('listitem')).toHaveText([
      /^Principale sur Surface : 1,\d+:1, il faut 4,5:1$/,
      /^Principale sur Arrière-plan : 1,\d+:1, il faut 4,5:1$/,
      /^Texte des boutons sur Principale : 1,\d+:1, il faut 4,5:1$/,
    ]);

    // Saving asks first; Escape cancels and nothing is saved.
    const save = brand.getByRole('button', { name: 'Enregistrer la marque' });
    await save.click();
    const dialog = page.getByRole('alertdialog', { name: 'Enregistrer une marque peu lisible ?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(3);
    // What is asked is read with the title: the warning and the pairs.
    await expect(dialog).toHaveAccessibleDescription(/^Certains textes seront difficiles à lire pour beaucoup de candidats : Principale sur Surface/);
    // The safe choice has focus (the × button carries the same name, hence the text match).
    await expect(dialog.getByText('Continuer à modifier', { exact: true })).toBeFocused();
    // Tab stays inside the dialog.
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(save).toBeFocused();
    expect(await savedBrand(page)).toEqual(original);

    await save.click();
    await dialog.getByRole('button', { name: 'Enregistrer quand même' }).click();
    await expect(toast(page, fr.companySettings.saved)).toBeVisible();
    // Only what differs from the defaults is saved: the seeded font and radius stay, the primary is the new one
    // (the seeded text colour is the default one, so it is not stored again).
    await expect.poll(() => savedBrand(page)).toEqual({ colors: { primary: '#ffe066' }, font: 'system', radius: 10 });

    // The saved brand comes back into the editor.
    await page.reload();
    await expect(page.locator('#brand').getByRole('textbox', { name: 'Principale', exact: true })).toHaveValue('#ffe066');
    await expect.poll(() => previewPrimary(page), { timeout: 15_000 }).toBe('rgb(255, 224, 102)');
    await expect(page.locator('#brand').getByRole('status', { name: 'Contraste' }).getByRole('listitem')).toHaveCount(3);

    // A visitor of the demo career site showing this company's board (no --rec-* CSS of its own) sees the saved primary
    // on the board and on the offer it opens. A browser of its own: this one holds the preview's offer answer, which public caching lets a
    // browser reuse for a minute (public-cache.ts), so the recruiter's own tab may show the old brand that long.
    const visitor = await browser.newContext({ locale: 'fr-FR' });
    try {
      const site = await visitor.newPage();
      await site.goto(new URL(`/demo/career-site.html?board=${company.boardId}`, page.url()).href);
      const title = site.locator('rec-board [part~="offer-title"]').first();
      await expect(title).toHaveCSS('color', 'rgb(255, 224, 102)');
      await title.click();
      await expect(site.locator('rec-offer [part~="apply-button"]')).toHaveCSS('background-color', 'rgb(255, 224, 102)');
    } finally {
      await visitor.close();
    }
  });

  test('the page is axe clean at 390 px and 1280 px, in French and German', async ({ page }) => {
    test.setTimeout(120_000);
    await signInTo(page.context(), await createCompany(), 'owner');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const language of ['fr', 'de']) {
        await page.goto(language === 'fr' ? PAGE : `${PAGE}?language=${language}`);
        await expect(page.locator('#brand-title')).toHaveText(language === 'fr' ? 'Marque' : 'Marke');
        await expect.poll(() => previewPrimary(page), { timeout: 15_000 }).not.toBeNull();
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolation(page);
        const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect(size.scroll, `${language} at ${width} px`).toBeLessThanOrEqual(size.inner);
      }
    }
  });

  test('a company without a board or an open offer is told so in the preview', async ({ page }) => {
    await signInTo(page.context(), await createCompany(), 'owner');
    // The embed targets as a company that has published nothing yet would get them.
    await page.route('**/v2/companies/settings/embed', (route) => route.fulfill({ json: { companyId: 'x', widgetsUrl: '/widgets/rec-widgets.js', boards: [], offers: [] } }));
    await page.goto(PAGE);
    const preview = page.locator('#brand').getByRole('region', { name: 'Aperçu' });
    await expect(preview.getByText("Votre entreprise n'a pas encore de page d'offres : rien à prévisualiser ici.")).toBeVisible();
    await expect(preview.getByText("Votre entreprise n'a pas encore d'offre ouverte : aucune offre à prévisualiser.")).toBeVisible();
    await expect(preview.locator('rec-board, rec-offer')).toHaveCount(0);
  });

  test('a viewer sees the brand read-only, and the server refuses a change', async ({ page }) => {
    await signInTo(page.context(), await createCompany(), 'viewer');
    await page.goto(PAGE);
    const brand = page.locator('#brand');
    await expect(brand.getByRole('heading', { level: 2, name: 'Brand' })).toBeVisible();
    await expect(brand.getByText('Only an owner can change the brand. You see it as it is saved.')).toBeVisible();
    await expect(brand.getByRole('textbox', { name: 'Primary', exact: true })).toBeDisabled();
    await expect(brand.getByRole('button', { name: 'Save the brand' })).toHaveCount(0);
    // The owner's forms are not there either (they would only be refused).
    await expect(page.getByRole('heading', { level: 2, name: 'Logos' })).toHaveCount(0);
    await expectNoAxeViolation(page);
    expect(await patchBrand(page, { colors: { primary: '#000000' } })).toBe(403);
  });
});
