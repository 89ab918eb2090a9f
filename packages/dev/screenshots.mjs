// `npm run screenshots`: the recruiter guide's pictures (docs/images/*.png), taken from a running
// demo server (`npm start` first; SCREENSHOTS_URL when it is not http://127.0.0.1:3000) as the
// seeded owner of Lumen Robotics sees it, at 1280 x 900. Retake them after a visible change to
// one of these pages, look at them, and commit them.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const out = join(root, 'docs/images');
const base = process.env.SCREENSHOTS_URL ?? 'http://127.0.0.1:3000';
const OWNER = { email: 'claire.owner@lumen.example', password: 'lumen-owner-2026' };

// The demo seed's rows (packages/server/src/seed): the opening with candidates in every stage, and
// a candidate who went through the whole step flow (CV, answers, interview, scores).
const PIPELINE_OPENING = '64b00e1e0000000000000062';
const REVIEW_OPENING = '64b00e1e0000000000000002';
const REVIEWED_CANDIDATE = '64b0ca4d0000000000000004';

const SHOTS = [
  { file: 'home.png', path: '/recruiter', ready: 'main h1' },
  { file: 'openings.png', path: '/recruiter/openings', ready: 'table tbody tr' },
  { file: 'pipeline.png', path: `/recruiter/openings/${PIPELINE_OPENING}/candidates`, ready: 'main h1' },
  { file: 'candidate.png', path: `/recruiter/openings/${REVIEW_OPENING}/candidates/${REVIEWED_CANDIDATE}`, ready: 'main h1' },
  { file: 'dashboard.png', path: '/recruiter/analytics_new', ready: 'canvas, table' },
  { file: 'settings.png', path: '/recruiter/settings_new/mycompany', ready: 'main h1' },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
  const signedIn = await context.request.post('/auth/password/sign-in', { data: OWNER, headers: { origin: new URL(base).origin } });
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()} ${await signedIn.text()}`);
  const page = await context.newPage();
  for (const shot of SHOTS) {
    await page.goto(shot.path);
    await page.locator(shot.ready).first().waitFor({ state: 'visible', timeout: 20_000 });
    // Charts animate and images arrive after the first paint: wait until the network is quiet.
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(out, shot.file) });
    console.log(`docs/images/${shot.file}  ${shot.path}`);
  }
} finally {
  await browser.close();
}
