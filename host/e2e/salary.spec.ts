import { expect } from '@playwright/test';
import { createCompany, signInTo } from './fixtures';
import { expectNoAxeViolation, SAMPLE_CHANNEL } from './helpers';
import { test } from './test';

// Issue 17, pay transparency: visitors read the salary range on the offer in their language,
// and the recruiter states it in the opening wizard.
const BOARD = '64b0b0a4d000000000000001';
/** Data Scientist Computer Vision: 4 800–5 600 EUR a month, written in French, English, German and Luxembourgish. */
const DATA_SCIENTIST = '64b0c4a10000000000000004';

test.describe('a French visitor on a phone', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });

  test('opens an offer from the board and reads its salary range in French', async ({ page }) => {
    await page.goto(`/board/${BOARD}`);
    await page.locator(`rec-board a[href$="/offer/c/${SAMPLE_CHANNEL}?language=fr"]`).click();
    await expect(page.locator('rec-offer h1')).toContainText('Ingénieur·e logiciel embarqué');
    const salary = page.locator('rec-offer .offer-meta div').filter({ hasText: 'Salaire' });
    // \s: ICU separates French thousands with a narrow no-break space.
    await expect(salary.locator('dd')).toHaveText(/^65\s000–80\s000\s€ par an$/u);
    await expectNoAxeViolation(page);
  });
});

test.describe('a German visitor on a desktop', () => {
  test.use({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });

  test('opens an offer from the German board and reads its monthly range in German', async ({ page, request }) => {
    await page.goto(`/board/${BOARD}?language=de`);
    await page.locator(`rec-board a[href$="/offer/c/${DATA_SCIENTIST}?language=de"]`).click();
    await expect(page.locator('rec-offer h1')).toContainText('Data Scientist Computer Vision');
    await expect(page.locator('rec-offer .offer-meta div').filter({ hasText: 'Gehalt' }).locator('dd')).toHaveText(/^4\.800–5\.600\s€ pro Monat$/u);
    await expectNoAxeViolation(page);
    // What a crawler gets for the same page: the range in the HTML and as baseSalary.
    const html = await (await request.get(`/offer/c/${DATA_SCIENTIST}?language=de`, { headers: { accept: 'text/html' } })).text();
    expect(html).toMatch(/4\.800–5\.600\s€ pro Monat/u);
    expect(html).toContain('"baseSalary":{"@type":"MonetaryAmount","currency":"EUR","value":{"@type":"QuantitativeValue","minValue":4800,"maxValue":5600,"unitText":"MONTH"}}');
  });
});

test('the recruiter states a salary range in the opening wizard; a maximum below the minimum is refused', async ({ page }) => {
  // Mechatroniker:in Robotik (published, no range yet) in a company of the test's own; the owner speaks French.
  const company = await createCompany({ pipeline: 1 });
  await signInTo(page.context(), company, 'owner');
  const openingId = company.pipeline?.openingId ?? '';
  await page.goto(`/recruiter/openings/${openingId}/edit`);
  const section = page.getByRole('group', { name: 'Fourchette de salaire' });
  await expect(section).toContainText('directive européenne sur la transparence des rémunérations');
  await section.getByLabel('Minimum (brut)').fill('52 000');
  await section.getByLabel('Maximum (brut)').fill('48 000');
  await section.getByLabel('Payé par').selectOption('YEAR');
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(section.getByText('Le maximum ne peut pas être inférieur au minimum.')).toBeVisible();
  await expect(section.getByLabel('Maximum (brut)')).toBeFocused();
  await expectNoAxeViolation(page);

  await section.getByLabel('Maximum (brut)').fill('61 500');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/recruiter/openings/${openingId}$`));
  await page.goto(`/recruiter/openings/${openingId}/edit`);
  await expect(page.getByRole('group', { name: 'Fourchette de salaire' }).getByLabel('Maximum (brut)')).toHaveValue('61500');
  await expect(page.getByRole('group', { name: 'Fourchette de salaire' }).getByLabel('Afficher la fourchette de salaire aux candidats')).toBeChecked();
});
