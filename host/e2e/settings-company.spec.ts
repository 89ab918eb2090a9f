import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { createCompany, type FixtureCompany, signInTo } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

// Each test in a company of its own (fixtures.ts): its logos and mail templates are seen by no other
// test, and a retry starts from a fresh company. The owner's interface speaks French.
let company: FixtureCompany;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const offerFr = JSON.parse(readFileSync(join(ROOT, 'locales/offer/fr.json'), 'utf8')).offerPage as Record<string, string>;
/** A real PNG (the demo career site's own logo). */
const PNG = readFileSync(join(ROOT, 'host/public/demo/logos/lumen-robotics.png'));

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).or(page.getByRole('alert').filter({ hasText: text })).first();

test.describe('company settings', () => {
  test.beforeEach(async ({ page }) => {
    company = await createCompany();
    await signInTo(page.context(), company, 'owner');
  });

  test('the owner uploads a logo (a 6 MB file and a .gif refused), makes it the default and sees it on the career site', async ({ page, browser }) => {
    await page.goto('/recruiter/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Paramètres' }).getByRole('link', { name: 'Mon entreprise' }).click();
    await expect(page).toHaveURL(/\/recruiter\/settings_new\/mycompany$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mon entreprise' })).toBeVisible();
    const upload = page.getByRole('form', { name: 'Ajouter un logo' }).or(page.locator('form[aria-labelledby="logo-upload-title"]')).first();

    // Spec §8: the upload warnings, before anything is sent.
    await upload.getByLabel('Fichier image').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]) });
    await upload.getByRole('button', { name: 'Téléverser' }).click();
    await expect(toast(page, offerFr.maxFileSize?.replace('{{size}}', '5') ?? '')).toBeVisible();
    await upload.getByLabel('Fichier image').setInputFiles({ name: 'animated.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a0000000000') });
    await upload.getByRole('button', { name: 'Téléverser' }).click();
    await expect(toast(page, offerFr.invalidFileExtension?.replace('{{extensions}}', '.jpg, .jpeg, .png, .bmp') ?? '')).toBeVisible();

    const name = `E2E ${Date.now()}`.slice(0, 40);
    await upload.getByLabel('Fichier image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await upload.getByLabel('Nom').fill(name);
    await upload.getByRole('button', { name: 'Téléverser' }).click();
    await expect(toast(page, `Logo ${name} téléversé`)).toBeVisible();
    const entry = page.getByRole('list', { name: 'Vos logos' }).getByRole('listitem').filter({ hasText: name });
    await expect(entry.getByRole('img', { name: `Logo ${name}` })).toBeVisible();
    const makeDefault = entry.getByRole('button', { name: `Faire de ${name} le logo par défaut` });
    if (await makeDefault.isVisible()) {
      await makeDefault.click();
      await expect(toast(page, `${name} est désormais votre logo par défaut`)).toBeVisible();
    }
    await expect(entry.getByText('Par défaut', { exact: true })).toBeVisible();
    const src = await entry.getByRole('img').getAttribute('src');
    expect(src).toMatch(/\/v2\/logos\/[0-9a-f]{24}$/);
    await expectNoAxeViolation(page);

    // A visitor of the demo career site (showing this company's board) sees it on the board, its box reserved (width and height).
    // A visitor's own browser: the owner's has the board answer of the brand preview above in its HTTP cache (public
    // answers may be a minute old in a browser, by design).
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/demo/career-site.html?board=${company.boardId}`);
    const logo = visitor.locator('rec-board img[part~="logo"]').first();
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('src', src ?? '');
    await expect(logo).toHaveAttribute('width', /^\d+$/);
    await expect(logo).toHaveAttribute('height', /^\d+$/);
    // The image itself arrives after its reserved box: polled, it may still be loading.
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await visitorContext.close();

    // The back-office shows it too; deleting asks first.
    await page.goto('/recruiter/settings_new/mycompany');
    await expect(page.locator('.shell-logo')).toHaveAttribute('src', src ?? '');
    const again = page.getByRole('list', { name: 'Vos logos' }).getByRole('listitem').filter({ hasText: name });
    await again.getByRole('button', { name: `Supprimer ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Supprimer ce logo ?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Supprimer le logo' }).click();
    await expect(toast(page, `Logo ${name} supprimé`)).toBeVisible();
    await expect(again).toHaveCount(0);
  });

  test('the owner edits a candidate mail and sees the preview', async ({ page }) => {
    await page.goto('/recruiter/settings_new/templates');
    await expect(page.getByRole('heading', { level: 1, name: "Modèles d'e-mails" })).toBeVisible();
    // Inside the editor's form: the shell has a language switcher labelled "Langue" too.
    const editor = page.getByRole('form', { name: 'Modifier un e-mail' });
    // By role: a label's text also holds its select's options, so a label match would miss it.
    await editor.getByRole('combobox', { name: 'E-mail', exact: true }).selectOption('applicationReceived');
    await editor.getByRole('combobox', { name: 'Langue', exact: true }).selectOption('fr');
    const subject = editor.getByRole('textbox', { name: 'Objet', exact: true });
    await expect(subject).toHaveValue(/\{\{jobTitle\}\}/);
    await subject.fill('Merci {{candidateName}} pour {{jobTitle}}');
    await editor.getByRole('textbox', { name: 'Texte', exact: true }).fill('Bonjour {{candidateName}}, à bientôt chez {{companyName}}.');
    await expect(page.getByTestId('preview-subject')).toHaveText('Merci Alex pour Soudeur');
    await expect(page.getByTestId('preview-body')).toHaveText('Bonjour Alex, à bientôt chez Votre entreprise.');
    await page.getByRole('button', { name: "Enregistrer l'e-mail" }).click();
    await expect(toast(page, "Modèle d'e-mail enregistré")).toBeVisible();
    await expect(page.getByText('Texte propre à votre entreprise.')).toBeVisible();
    await expectNoAxeViolation(page);
    await page.getByRole('button', { name: 'Revenir au texte par défaut' }).click();
    await expect(page.getByText('Le texte par défaut (pas encore modifié).')).toBeVisible();
  });

  for (const width of [1280, 390]) {
    test(`every settings page is axe clean at ${width} px, in French and German`, async ({ page }) => {
      // Six pages in two languages, each with axe: about 30 s on an idle machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const pages = ['/recruiter/settings_new', '/recruiter/settings_new/mycompany', '/recruiter/settings_new/templates', '/recruiter/settings_new/workflows', '/recruiter/settings_new/integrations', '/recruiter/settings_new/test'];
      for (const path of pages) {
        for (const language of ['fr', 'de']) {
          await page.goto(language === 'fr' ? path : `${path}?language=${language}`);
          await expect(page.locator('main h1').first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expectNoAxeViolation(page);
          const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
          expect(size.scroll, `${path} at ${width} px`).toBeLessThanOrEqual(size.inner);
        }
      }
      await page.goto('/recruiter/settings_new/integrations?language=de');
      await expect(page.getByRole('heading', { level: 1, name: 'Integrationen' })).toBeVisible();
      if (width === 390) {
        // On a phone the navigation is a select.
        await page.getByLabel('Einstellungsseite').selectOption({ label: 'E-Mail-Vorlagen' });
        await expect(page).toHaveURL(/\/recruiter\/settings_new\/templates/);
      } else {
        await page.getByRole('navigation', { name: 'Einstellungen' }).getByRole('link', { name: 'Einbettungstest' }).click();
        await expect(page).toHaveURL(/\/recruiter\/settings_new\/test/);
      }
    });
  }

  test('an unknown settings page says so and leads back', async ({ page }) => {
    await page.goto('/recruiter/settings_new/nothing-here');
    await expect(page.getByRole('heading', { level: 1, name: "Cette page de paramètres n'existe pas" })).toBeVisible();
    await page.getByRole('link', { name: 'Retour aux paramètres' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    await expectNoAxeViolation(page);
  });
});
