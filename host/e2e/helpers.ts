import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Seeded demo ids (packages/server/src/seed/demo-ids.ts).
/** The demo company, Lumen Robotics. */
export const LUMEN = '64b0c0de0000000000000001';
/** The channel of the demo career site's sample offer (Embedded Software Engineer). */
export const SAMPLE_CHANNEL = '64b0c4a10000000000000001';

/** A small but real one-page PDF, made here. */
export function smallPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** Runs axe on the page (or only below `include`) and expects no violation, listed by rule and target. */
export async function expectNoAxeViolation(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Signs in through the forms: /login -> /login/password -> the role's home. */
export async function signIn(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue with password' }).click();
  await expect(page).toHaveURL(/\/login\/password\?email=/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
