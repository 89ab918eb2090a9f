import { expect } from '@playwright/test';
import { createCompany, createOpening, signInTo, uniqueTitle } from './fixtures';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

test('an owner adds, reorders and configures the steps of an opening in the wizard', async ({ page }) => {
  // An owner with a German interface, on a new opening of a company of the test's own (its default process: one form step).
  const company = await createCompany({ language: 'de', ownerLanguage: 'de' });
  await signInTo(page.context(), company, 'owner');
  await page.goto('/recruiter');
  const opening = { _id: await createOpening(page, { title: uniqueTitle('Lagerist:in'), language: 'de', status: 'PUBLISHED' }) };
  await page.goto(`/recruiter/openings/${opening._id}/edit`);

  const section = page.getByRole('region', { name: 'Schritte nach der Bewerbung' });
  await expect(section.getByRole('heading', { level: 3, name: '1. Fragen' })).toBeVisible();
  await section.getByLabel('Hinzuzufügender Schritt').selectOption({ label: 'Persönlichkeitsfragebogen' });
  await section.getByRole('button', { name: 'Schritt hinzufügen' }).click();
  await section.getByRole('button', { name: 'Persönlichkeitsfragebogen nach oben' }).click();
  await expect(section.getByRole('heading', { level: 3, name: '1. Persönlichkeitsfragebogen' })).toBeVisible();
  await section.getByRole('button', { name: 'Frage hinzufügen' }).click();
  await section.getByLabel('Fragetext').fill('Warum Nordwind?');
  await section.getByLabel('Antwort erforderlich').check();
  await expectNoAxeViolation(page, '.steps-editor');
  await section.getByRole('button', { name: 'Schritte speichern' }).click();
  await expect(page.getByText('Schritte gespeichert')).toBeVisible();

  const saved = await (await page.request.get(`/v2/jobs/${opening._id}/process`)).json();
  expect(saved.steps.map((step: { product: string }) => step.product)).toEqual(['shape', 'application-form']);
  expect(saved.steps[1].config.questions).toEqual([{ id: 'q1', type: 'shortText', label: { de: 'Warum Nordwind?' }, required: true }]);

  // A question without any text is refused by the server with its own message.
  await section.getByRole('button', { name: 'Frage hinzufügen' }).click();
  await section.getByRole('button', { name: 'Schritte speichern' }).click();
  await expect(section.getByRole('alert')).toHaveText('Schreiben Sie den Text in mindestens einer Sprache.');
});
