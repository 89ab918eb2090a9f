import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './test';
import { verifySignature } from '../../packages/server/src/modules/webhooks/signing';
import { createCompany, signInTo } from './fixtures';
import { expectNoAxeViolation } from './helpers';

/**
 * Issue 30, outgoing webhooks: the owner of a company of the test's own (her interface speaks
 * German) adds an endpoint pointing at a receiver this spec runs on localhost (the test server
 * lets private addresses through: NODE_ENV=test), using the keyboard; copies the secret shown
 * once; sends a test event, which arrives signed with that secret; and sees it delivered in the log.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const de = JSON.parse(readFileSync(join(ROOT, 'locales/app/de.json'), 'utf8'));
const hooks = de.webhooks;
// E2E_HOOK_PORT: a fixed port when the machine's policy wants one (0: any free port).
const HOOK_PORT = Number(process.env.E2E_HOOK_PORT ?? 0);

const received: Array<{ signature: string; body: string }> = [];
let server: Server;
let receiverUrl = '';

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ signature: String(request.headers['rec-signature']), body: Buffer.concat(chunks).toString() });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(HOOK_PORT, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/rec`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

test('the owner adds an endpoint, sends a test event, and sees it delivered in the log', async ({ page }) => {
  const company = await createCompany({ ownerLanguage: 'de' });
  await signInTo(page.context(), company, 'owner');
  await page.goto('/recruiter/settings_new/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: hooks.title })).toBeVisible();
  await expect(page.getByText(hooks.list.empty)).toBeVisible();
  await expectNoAxeViolation(page);

  // With the keyboard: the URL, Tab to the first event, Space ticks it, Enter in the URL field submits.
  const url = page.getByLabel(hooks.form.url, { exact: true });
  await url.focus();
  await page.keyboard.type(receiverUrl);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'application.created' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'application.created' })).toBeChecked();
  await url.focus();
  await page.keyboard.press('Enter');

  const secret = page.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  const value = (await secret.textContent()) ?? '';
  await expectNoAxeViolation(page);
  await page.getByRole('button', { name: hooks.secret.done }).click();
  await expect(secret).toBeHidden();
  const endpoint = page.getByRole('listitem').filter({ hasText: receiverUrl });
  await expect(endpoint).toContainText(hooks.list.active);

  await endpoint.getByRole('button', { name: hooks.list.test }).click();
  await expect.poll(() => received.length, { timeout: 5_000 }).toBe(1);
  const [hook] = received;
  expect(verifySignature(value, hook?.body ?? '', hook?.signature ?? '', Math.floor(Date.now() / 1000))).toBe(true);
  expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({ type: 'webhook.test', data: {} });

  // The log opens by itself and is read again: the test event, delivered, with the receiver's 200.
  const row = endpoint.getByRole('row').filter({ hasText: 'webhook.test' });
  await expect(async () => {
    await endpoint.getByRole('button', { name: hooks.log.refresh }).click();
    await expect(row).toContainText(hooks.log.statuses.delivered, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(row).toContainText('200');
  await expect(row).toContainText('thanks');
  await expectNoAxeViolation(page);
});
