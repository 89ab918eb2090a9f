import { expect } from '@playwright/test';
import { expectNoAxeViolation } from './helpers';
import { test } from './test';

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`the API documentation at ${viewport.width} px`, () => {
    test.use({ locale: 'de-DE', viewport });
    // Axe over every documented route takes about 20 s on a busy machine: 30 s was too close (failed once, passed on retry).
    test.describe.configure({ timeout: 90_000 });

    test('a German developer reads /docs, follows a route by keyboard and opens the OpenAPI document', async ({ page }) => {
      await page.goto('/docs');
      await expect(page.getByRole('heading', { level: 1, name: 'API der Recruiting-Plattform' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      const route = page.getByRole('navigation', { name: 'Inhalt' }).getByRole('link', { name: /get \/v2\/boards\/\{id\}\/offers$/i });
      await route.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#get-v2-boards-id-offers$/);
      await expect(page.getByRole('heading', { level: 2, name: /\/v2\/boards\/\{id\}\/offers$/ })).toBeInViewport();
      await expectNoAxeViolation(page);

      const documentLink = page.getByRole('link', { name: 'Das OpenAPI-3.1-Dokument (JSON)' });
      const response = await page.request.get((await documentLink.getAttribute('href')) ?? '');
      expect(response.ok()).toBe(true);
      expect((await response.json()).openapi).toBe('3.1.0');
    });
  });
}

test('a link preview bot asking for anything gets the offer page as HTML', async ({ request }) => {
  const response = await request.get('/offer/c/64b0c4a10000000000000001', { headers: { accept: '*/*', 'user-agent': 'Slackbot-LinkExpanding 1.0' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/html/);
  expect(await response.text()).toContain('og:title');
});

test('the board’s widget code arrives precompressed', async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', async (response) => {
    if (response.url().includes('/widgets/')) encodings.set(new URL(response.url()).pathname, (await response.allHeaders())['content-encoding']);
  });
  await page.goto('/demo/career-site.html');
  await expect(page.locator('rec-board [part~="offer-title"]').first()).toBeVisible();
  // The loader, the board and the shared client code (locale chunks under 512 bytes stay as they are).
  const scripts = [...encodings.entries()].filter(([path]) => /\/(rec-widgets|chunks\/board\.element-[^/]+|chunks\/client-[^/]+)\.js$/.test(path));
  expect(scripts.length).toBe(3);
  for (const [path, encoding] of scripts) expect([path, encoding]).toEqual([path, expect.stringMatching(/^(br|gzip)$/)]);
});
