import { createServer } from 'node:http';
import { expect, type Page } from '@playwright/test';
import { SAMPLE_CHANNEL, signInThroughForm } from './helpers';
import { test } from './test';

const BOARD_ID = '64b0b0a4d000000000000001';
// Nordwind's owner: the sign-in form is part of what this test checks, and Lumen's owner signs in
// through the forms elsewhere (the server allows 5 sign-ins per email in 15 minutes).
const OWNER = { email: 'nora.owner@nordwind.example', password: 'nordwind-owner-2026' };

/** Collects Content-Security-Policy violations the page reports (a blocked script, style or request). */
function recordViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * A career site: a real page on another origin (the next port) framing `path` of ours; answers
 * whether our page rendered inside the frame. Both load from the loopback interface, so only our
 * headers can stop the frame.
 */
async function framedByCareerSite(page: Page, baseURL: string, path: string): Promise<boolean> {
  const ours = new URL(baseURL);
  const site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>Careers</title><iframe title="ours" src="${ours.origin}${path}" width="800" height="600"></iframe>`);
  });
  const port = Number(ours.port) + 1;
  await new Promise<void>((resolve) => site.listen(port, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    // Our pages all mount the host app into #root; a refused frame shows the browser's error page.
    return await page
      .frameLocator('iframe[title="ours"]')
      .locator('#root')
      .waitFor({ state: 'attached', timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
}

test.describe('page policies', () => {
  test('the career site, the board and an offer work under their Content-Security-Policy', async ({ page }) => {
    const violations = recordViolations(page);
    await page.goto('/demo/career-site.html');
    await expect(page.locator('rec-board [part~="offer-title"]').first()).toBeVisible();
    await page.goto(`/board/${BOARD_ID}?language=fr`);
    await expect(page.locator('rec-board [part~="offer-title"]').first()).toBeVisible();
    await page.goto(`/offer/c/${SAMPLE_CHANNEL}?language=en`);
    await expect(page.locator('rec-offer').getByRole('heading').first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the sign-in page and the back-office work under their policy and cannot be framed', async ({ page, baseURL }) => {
    const violations = recordViolations(page);
    await signInThroughForm(page, OWNER);
    await expect(page).toHaveURL(/\/recruiter/);
    await page.goto('/recruiter/openings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(violations).toEqual([]);

    expect(await framedByCareerSite(page, baseURL ?? '', '/login')).toBe(false);
    expect(await framedByCareerSite(page, baseURL ?? '', '/recruiter/openings')).toBe(false);
  });

  test('public board and offer pages can be framed by a career site', async ({ page, baseURL }) => {
    expect(await framedByCareerSite(page, baseURL ?? '', `/board/${BOARD_ID}`)).toBe(true);
    expect(await framedByCareerSite(page, baseURL ?? '', `/offer/c/${SAMPLE_CHANNEL}`)).toBe(true);
  });

  test('camera and microphone are allowed on the interview step and the offer page that hosts the steps, nowhere else', async ({ request }) => {
    const interview = await request.get('/applicant/steps/interview/recording', { headers: { accept: 'text/html' } });
    expect(interview.headers()['permissions-policy']).toContain('camera=(self)');
    const offer = await request.get(`/offer/c/${SAMPLE_CHANNEL}`, { headers: { accept: 'text/html' } });
    expect(offer.headers()['permissions-policy']).toContain('camera=(self), microphone=(self)');
    const board = await request.get(`/board/${BOARD_ID}`, { headers: { accept: 'text/html' } });
    expect(board.headers()['permissions-policy']).toContain('camera=()');
    const login = await request.get('/login', { headers: { accept: 'text/html' } });
    expect(login.headers()['permissions-policy']).toContain('camera=()');
    expect(login.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
