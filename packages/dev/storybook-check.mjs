// Smoke check of the built Storybook (dist/storybook, from `npm run build-storybook`):
// opens stories' iframe.html?id=… in Chromium and checks they render the real widgets
// (inside their shadow roots) with no console error, plus axe on the board stories and the eight branding previews.
// `node packages/dev/storybook-check.mjs [dir]`; ends with `storybook check: N passed, N failed`.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = process.argv[2] ?? join(root, 'dist/storybook');
const TIMEOUT = 10_000;
const CONCURRENCY = 4;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/** A static file server for the build (module scripts do not load from file://). */
function serve(folder) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '');
    // Chromium asks for /favicon.ico by itself: answer with Storybook's favicon.
    let file = join(folder, path === 'favicon.ico' ? 'favicon.svg' : path || 'index.html');
    if (!file.startsWith(folder + sep) && file !== folder) file = join(folder, 'index.html');
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404).end('not found');
      return;
    }
    // Hashed assets: let the browser cache them across the checks.
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=600' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ---- What the demo API (stories/src/demo-api.ts) serves --------------------------------------
const EN_TITLES = ['Accountant', 'Nurse', 'Senior customer success manager for the Benelux and DACH regions', 'Software engineer', 'Warehouse operator'];
const FR_TITLES = ['Comptable', 'Infirmier·ère', 'Ingénieur·e logiciel', 'Magasinier·ère', 'Responsable senior de la réussite client pour le Benelux et la région DACH'];

const titles = (page) => page.locator('rec-board [part~="offer-title"]').allTextContents();
const text = (page, selector) => page.locator(selector).first().textContent({ timeout: TIMEOUT });

function assertEqual(actual, expected, what) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** Waits until the board settled (offers, empty text or error shown, not busy). */
async function boardSettled(page) {
  await page.locator('rec-board [part~="board"][aria-busy="false"]').waitFor({ timeout: TIMEOUT });
  await page.locator('rec-board [part~="offer"], rec-board [part~="empty"], rec-board [part~="error"]').first().waitFor({ timeout: TIMEOUT });
}

/** axe on the story's root (the iframe page itself is Storybook's, not ours). */
async function axe(page) {
  const results = await new AxeBuilder({ page }).include('#storybook-root').disableRules(['region', 'landmark-one-main', 'page-has-heading-one']).analyze();
  const violations = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  assertEqual(violations, [], 'axe violations');
}

const checks = [
  {
    name: 'Branding/Board Loaded: offers sorted in the board language, styles adopted',
    id: 'branding-board--loaded',
    async run(page) {
      await boardSettled(page);
      assertEqual(await titles(page), EN_TITLES, 'offer titles');
      assertEqual(await text(page, 'rec-board [part~="count"]'), '5 open positions', 'count');
      assertEqual(await text(page, 'rec-board h2'), 'Lumen Robotics careers', 'heading');
      const sheets = await page.locator('rec-board').evaluate((element) => element.shadowRoot?.adoptedStyleSheets.length);
      assertEqual(sheets, 1, 'adopted stylesheets');
    },
  },
  {
    name: 'Branding/Board Loaded: axe',
    id: 'branding-board--loaded',
    async run(page) {
      await boardSettled(page);
      await axe(page);
    },
  },
  {
    name: 'Branding/Board language control (fr)',
    id: 'branding-board--loaded',
    args: 'language:fr',
    async run(page) {
      await page.locator('rec-board [part~="board"][lang="fr"][aria-busy="false"]').waitFor({ timeout: TIMEOUT });
      assertEqual(await titles(page), FR_TITLES, 'offer titles');
      assertEqual(await text(page, 'rec-board [part~="count"]'), '5 postes ouverts', 'count');
    },
  },
  {
    name: 'Branding/Board brand controls reach --rec-* (primary color, radius, font)',
    id: 'branding-board--loaded',
    args: 'colorPrimary:!hex(b00020);radius:0;fontFamily:serif',
    async run(page) {
      await boardSettled(page);
      const style = await page.locator('rec-board [part~="offer"]').first().evaluate((offer) => {
        const title = offer.querySelector('[part~="offer-title"]');
        return { radius: getComputedStyle(offer).borderTopLeftRadius, color: title && getComputedStyle(title).color, font: getComputedStyle(offer).fontFamily };
      });
      assertEqual(style, { radius: '0px', color: 'rgb(176, 0, 32)', font: 'serif' }, 'computed style');
    },
  },
  {
    name: 'Branding/Board Empty',
    id: 'branding-board--empty',
    async run(page) {
      await boardSettled(page);
      assertEqual(await text(page, 'rec-board [part~="empty"]'), 'There are no open positions at the moment.', 'empty text');
    },
  },
  {
    name: 'Branding/Board Error: alert with retry, axe',
    id: 'branding-board--error-state',
    async run(page) {
      await boardSettled(page);
      assertEqual(await text(page, 'rec-board [role="alert"] .rec-error-title'), 'Something went wrong', 'error title');
      assertEqual(await text(page, 'rec-board [part~="retry"]'), 'Try again', 'retry');
      await axe(page);
    },
  },
  {
    name: 'Branding/Board Not found: specific message, no retry',
    id: 'branding-board--not-found',
    async run(page) {
      await boardSettled(page);
      const error = await text(page, 'rec-board [part~="error"]');
      if (!error?.includes('This job board does not exist')) throw new Error(`error text: ${error}`);
      assertEqual(await page.locator('rec-board [part~="retry"]').count(), 0, 'retry buttons');
    },
  },
  {
    name: 'Branding/Board Loading: status stays',
    id: 'branding-board--loading',
    async run(page) {
      assertEqual(await text(page, 'rec-board [role="status"]'), 'Loading job offers…', 'status');
      await page.waitForTimeout(300);
      assertEqual(await page.locator('rec-board [part~="board"]').getAttribute('aria-busy'), 'true', 'aria-busy');
    },
  },
  {
    name: 'Branding/Board Styled with ::part()',
    id: 'branding-board--styled-with-parts',
    async run(page) {
      await boardSettled(page);
      const transform = await page.locator('rec-board [part~="title"]').evaluate((title) => getComputedStyle(title).textTransform);
      assertEqual(transform, 'uppercase', 'title text-transform');
    },
  },
  {
    name: 'Branding/JobsCount Loaded: the lit badge counts in the board language, axe',
    id: 'branding-jobscount--loaded',
    async run(page) {
      assertEqual(await text(page, 'rec-jobs-count a[part~="badge"]'), 'We’re hiring: 5 open positions', 'badge');
      await axe(page);
    },
  },
  {
    name: 'Branding/JobsCount filtered, in French; empty with a translated text; in a header',
    id: 'branding-jobscount--filtered-in-french',
    async run(page, open) {
      assertEqual(await text(page, 'rec-jobs-count [part~="badge"]'), 'On recrute\u00a0: 1 poste ouvert', 'filtered badge');
      await open('branding-jobscount--empty-translated');
      assertEqual(await text(page, 'rec-jobs-count [part~="badge"]'), 'Zurzeit keine offenen Stellen', 'empty text');
      await open('branding-jobscount--in-a-header');
      const background = await page.locator('rec-jobs-count [part~="badge"]').evaluate((badge) => getComputedStyle(badge).backgroundColor);
      assertEqual(background, 'rgb(242, 179, 61)', 'branded background');
      await axe(page);
    },
  },
  {
    name: 'Components/PoweredBy in Luxembourgish, as a link',
    id: 'components-poweredby--link',
    args: 'language:lb',
    async run(page) {
      const link = page.locator('[data-preview] a[href="https://example.com/"]');
      const label = await link.textContent({ timeout: TIMEOUT });
      if (!label?.includes('Rec') || label.startsWith('Powered by')) throw new Error(`link text: ${label}`);
    },
  },
  { name: 'Components/Loading', id: 'components-loading--default', run: async (page) => assertEqual(await text(page, '[role="status"]'), 'Loading job offers…', 'status') },
  { name: 'Components/ErrorMessage', id: 'components-errormessage--with-retry', run: async (page) => assertEqual(await text(page, '[role="alert"] button'), 'Try again', 'retry') },
  // The eight branding previews (the modules the host's /offer/branding/preview/* pages render):
  // each shows its real components in shadow roots, and axe finds nothing on it.
  ...[
    ['inputs', 'input#rec-apply-firstName'],
    ['buttons', 'button.rec-button-secondary'],
    ['basic-text', '.offer-description li'],
    ['slim-header', '.offer-applyWithOptions h2.offer-title'],
    ['application-cards', '[part~="apply-indeed"]'],
    ['offer-header', '.offer-page img[part~="logo"]'],
    ['misc', '.rec-toast'],
    ['icons-and-backgrounds', '.rec-spinner'],
  ].map(([story, selector]) => ({
    name: `Branding previews ${story}: real components, axe`,
    id: `branding-previews--${story}`,
    async run(page) {
      await page.locator(`[data-preview] ${selector}`).first().waitFor({ timeout: TIMEOUT });
      await axe(page);
    },
  })),
  {
    name: 'Branding previews INPUTS: the form store writes the sample errors',
    id: 'branding-previews--inputs',
    async run(page) {
      assertEqual(await text(page, '[data-preview] #rec-apply-email-error'), 'Please enter a valid email address.', 'e-mail error');
      assertEqual(await page.locator('[data-preview] #rec-apply-email').getAttribute('aria-invalid'), 'true', 'aria-invalid');
    },
  },
  {
    name: 'Branding previews brand controls reach the components (primary, radius, serif) and the language control (de)',
    id: 'branding-previews--buttons',
    args: 'primary:!hex(1b1b1b);radius:0;font:serif;language:de',
    async run(page) {
      const button = page.locator('[data-preview="widget-buttons"] button.rec-button-primary').first();
      await button.waitFor({ timeout: TIMEOUT });
      const style = await button.evaluate((element) => {
        const computed = getComputedStyle(element);
        return { background: computed.backgroundColor, radius: computed.borderTopLeftRadius, serif: computed.fontFamily.endsWith('serif') && !computed.fontFamily.includes('sans-serif') };
      });
      assertEqual(style, { background: 'rgb(27, 27, 27)', radius: '0px', serif: true }, 'computed style');
      assertEqual(await button.textContent(), 'Bewerben', 'German label');
    },
  },
];

async function runCheck(context, base, check) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`.trim());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()} ${response.url()}`);
  });
  const open = async (id, args) => {
    // The a11y addon runs axe on every story it shows; this check runs axe itself, and two runs at
    // once fail ("Axe is already running"), so the addon waits for a click here (its manual mode).
    const query = new URLSearchParams({ id, viewMode: 'story', globals: 'a11y.manual:!true' });
    if (args) query.set('args', args);
    await page.goto(`${base}/iframe.html?${query.toString().replaceAll('%3A', ':').replaceAll('%3B', ';').replaceAll('%21', '!')}`);
    // Storybook puts the story in #storybook-root, or shows its error display.
    await page.waitForFunction(() => document.querySelector('#storybook-root')?.childElementCount || document.body.classList.contains('sb-show-errordisplay'), null, { timeout: TIMEOUT });
    if (await page.evaluate(() => document.body.classList.contains('sb-show-errordisplay'))) {
      throw new Error(`story failed to render: ${await page.locator('#error-message').textContent()}`);
    }
  };
  const started = Date.now();
  try {
    await open(check.id, check.args);
    await check.run(page, open);
    if (errors.length) throw new Error(`console errors:\n    ${errors.join('\n    ')}`);
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    return { ok: false, ms: Date.now() - started, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await page.close();
  }
}

if (!existsSync(join(dir, 'iframe.html'))) {
  console.error(`No Storybook build in ${dir}: run npm run build-storybook first.`);
  process.exit(1);
}

const started = Date.now();
const server = await serve(dir);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
// One context: the pages share the HTTP cache (Storybook's preview bundle is large).
const context = await browser.newContext();
const results = new Array(checks.length);
let next = 0;
try {
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < checks.length) {
        const index = next++;
        results[index] = await runCheck(context, base, checks[index]);
      }
    }),
  );
} finally {
  await browser.close();
  server.close();
}

let passed = 0;
let failed = 0;
checks.forEach((check, index) => {
  const result = results[index];
  if (result.ok) passed++;
  else failed++;
  console.log(`  ${result.ok ? '✔' : '✘'} ${check.name} (${result.ms} ms)${result.ok ? '' : `\n    ${result.error}`}`);
});
console.log(`storybook check: ${passed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
