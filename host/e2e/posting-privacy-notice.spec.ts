import { expect } from '@playwright/test';
import { createCompany, createOpening, pageAs } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

test('publishing in Polish, where the company wrote no privacy notice, warns in the review and needs an explicit confirmation', async ({ browser }) => {
  // A company of this test's own, with the demo's notices (French, English, German, no Polish).
  const company = await createCompany({ privacyNotices: true });
  const page = await pageAs(browser, company, 'owner');
  const openingId = await createOpening(page, { title: `Technicien·ne notice (e2e ${Date.now()})`, language: 'fr', description: '<p>Robots collaboratifs</p>', status: 'PUBLISHED' });

  await page.goto(`/recruiter/openings/${openingId}/postings/create/content`);
  await page.getByLabel('Ajouter une langue').selectOption({ label: 'polonais' });
  await page.getByLabel('Intitulé').fill('Technik robotyki (e2e)');
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Praca z robotami');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(/\/postings\/create\/channels$/);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(/\/postings\/create\/review$/);

  // The warning names the language and the notice Polish candidates get instead (the French one).
  const warning = page.getByRole('region', { name: 'Pas de notice de confidentialité en polonais' });
  await expect(warning).toContainText('sous la notice en français');
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: 'Créer la publication' }).click();
  await expect(page.getByRole('alert')).toContainText('Confirmez la publication sans notice');
  await expect(page.getByLabel('Publier quand même dans ces langues sans notice')).toBeFocused();

  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/v2/jobs/${openingId}/postings`));
  await page.getByLabel('Publier quand même dans ces langues sans notice').check();
  await page.getByRole('button', { name: 'Créer la publication' }).click();
  expect(JSON.parse((await sent).postData() ?? '{}').confirmMissingPrivacyNotice).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/recruiter/openings/${openingId}$`));
  const postings = (await (await page.request.get(`/v2/jobs/${openingId}/postings`)).json()) as Array<{ privacyNoticeMissing: string[] }>;
  expect(postings[0]?.privacyNoticeMissing).toEqual(['pl']);
  await page.context().close();
});
