// The `board` case of `npm run bench` (`npm run bench -- board`, issue 17): <rec-board> with 500
// offers in headless Chromium, from the built bundle (dist/widgets: run `npm run build` first).
//   first title: the first offer title is painted within 100 ms of the offers' data arriving
//                (the offers response's responseEnd, from Resource Timing, to the frame that
//                paints the first title: the first animation frame that finds it in the shadow
//                root, measured once that frame has been painted);
//   long tasks:  no task longer than 50 ms from navigation to 500 ms after that paint
//                (Long Tasks API; by definition every long task exceeds 50 ms, so the budget is none).
// A stub API on 127.0.0.1 (BENCH_PORT, default 3281) answers the board and its 500 offers and
// serves the bundle; RUNS page loads (default 7): the median run is checked, the worst printed.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const widgetsDir = join(root, 'dist/widgets');
const OFFERS = 500;
const BUDGET_FIRST_TITLE_MS = 100;
const BUDGET_LONG_TASK_MS = 50;
const BOARD_ID = '64b0b0a4d0000000000b0a4d';
const CONTRACTS = ['permanent', 'fixed-term', 'temporary', 'part-time', 'apprenticeship', 'internship', 'freelance', 'volunteer'];
const PLACES = [{ fr: 'Luxembourg', de: 'Luxemburg', lb: 'Lëtzebuerg' }, { fr: 'Esch-sur-Alzette' }, { fr: 'Metz' }, { fr: 'Bruxelles', nl: 'Brussel' }, { de: 'Trier' }];
const ROLES = [
  { fr: 'Ingénieur logiciel', en: 'Software engineer', de: 'Softwareentwickler' },
  { fr: 'Électricien', en: 'Electrician' },
  { fr: 'Comptable', de: 'Buchhalterin' },
  { fr: 'Agent de sécurité', en: 'Security guard', nl: 'Beveiliger' },
  { fr: 'Responsable logistique', pl: 'Kierownik logistyki' },
];

function offers() {
  return Array.from({ length: OFFERS }, (_, i) => {
    const id = `64b0b0a4d0000000000${String(i).padStart(5, '0')}`;
    const title = Object.fromEntries(Object.entries(ROLES[i % ROLES.length]).map(([lang, text]) => [lang, `${text} ${i + 1}`]));
    return {
      _id: id,
      language: 'fr',
      channelId: id,
      information: { title, location: PLACES[i % PLACES.length] },
      url: { canonical: `http://127.0.0.1/offer/c/${id}` },
      contractType: CONTRACTS[i % CONTRACTS.length],
    };
  });
}

const PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Board bench</title>
<script type="module" src="/widgets/rec-widgets.js"></script></head>
<body><main><rec-board board-id="${BOARD_ID}" language="fr"></rec-board></main></body></html>`;

const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.map': 'application/json' };

function startServer(port) {
  const board = JSON.stringify({ _id: BOARD_ID, language: 'fr', name: 'Bench Robotics', company: { _id: '64b0b0a4d0000000000000c1', name: 'Bench Robotics' }, spontaneousOfferChannelUrl: null });
  const list = JSON.stringify(offers());
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url, 'http://127.0.0.1');
    const send = (status, type, body) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (pathname === '/') return send(200, 'text/html; charset=utf-8', PAGE);
    if (pathname === `/v2/boards/${BOARD_ID}`) return send(200, 'application/json', board);
    if (pathname === `/v2/boards/${BOARD_ID}/offers`) return send(200, 'application/json', list);
    if (pathname.startsWith('/widgets/')) {
      const file = normalize(join(widgetsDir, pathname.slice('/widgets/'.length)));
      if (!file.startsWith(widgetsDir)) return send(404, 'text/plain', 'not found');
      try {
        return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
      } catch {
        return send(404, 'text/plain', 'not found');
      }
    }
    return send(404, 'application/json', '{"statusCode":404,"error":"errors.notFound"}');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Runs in the page before any script: records long tasks and the first painted offer title. */
function instrument() {
  const bench = { longTasks: [], titleFrame: null, titlePainted: null };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const title = () => document.querySelector('rec-board')?.shadowRoot?.querySelector('[part~="offer-title"]');
  const frame = (time) => {
    if (!title()) return requestAnimationFrame(frame);
    bench.titleFrame = time;
    // A message posted from the frame's callback runs once that frame has been painted.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      bench.titlePainted = performance.now();
    };
    channel.port2.postMessage(null);
  };
  requestAnimationFrame(frame);
}

async function measure(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.__bench?.titlePainted !== null, null, { timeout: 10_000 });
  await page.waitForTimeout(500);
  return page.evaluate(() => {
    const resources = performance.getEntriesByType('resource');
    const end = (test) => resources.filter((entry) => test(new URL(entry.name).pathname)).reduce((last, entry) => (Number.isNaN(last) ? entry.responseEnd : Math.max(last, entry.responseEnd)), Number.NaN);
    const { titlePainted, titleFrame, longTasks } = window.__bench;
    const rendered = document.querySelector('rec-board').shadowRoot.querySelectorAll('[part~="offer-title"]').length;
    return {
      dataArrived: end((path) => path.endsWith('/offers')),
      // For the breakdown: the board's own answer and the last widget script.
      boardArrived: end((path) => path.startsWith('/v2/boards/') && !path.endsWith('/offers')),
      scriptsArrived: end((path) => path.startsWith('/widgets/')),
      titleFrame,
      titlePainted,
      longTasks,
      rendered,
    };
  });
}

/** Runs the board case; resolves to true when within budgets. */
export async function benchBoard({ port = Number(process.env.BENCH_PORT ?? 3281), runs = Number(process.env.RUNS ?? 7) } = {}) {
  try {
    readFileSync(join(widgetsDir, 'rec-widgets.js'));
  } catch {
    console.error('board: dist/widgets missing: run `npm run build` first.');
    return false;
  }
  const { chromium } = await import('playwright-core');
  const server = await startServer(port);
  const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS, headless: true });
  try {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
      const page = await context.newPage();
      await page.addInitScript(instrument);
      results.push(await measure(page, `http://127.0.0.1:${port}/`));
      await context.close();
    }
    const firstTitle = results.map((r) => r.titlePainted - r.dataArrived);
    const longest = results.map((r) => Math.max(0, ...r.longTasks.map((task) => task.duration)));
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const worstTitle = Math.max(...firstTitle);
    const worstTask = Math.max(...longest);
    const medianTitle = median(firstTitle);
    const medianTask = median(longest);
    const fmt = (values) => values.map((value) => value.toFixed(1)).join(', ');
    console.log(`board: ${OFFERS} offers, ${results[0]?.rendered} titles rendered at first, ${runs} page loads in headless Chromium`);
    // Checked on the median run: one page load slowed by another process on a shared machine
    // says little about the widget; the worst run is printed beside it.
    const titleOk = Number.isFinite(medianTitle) && medianTitle <= BUDGET_FIRST_TITLE_MS;
    const taskOk = medianTask <= BUDGET_LONG_TASK_MS;
    console.log(
      `${titleOk ? 'ok     ' : 'NOT MET'} first offer title painted ${medianTitle.toFixed(1)} ms after the offers arrived (median; worst ${worstTitle.toFixed(1)}; runs: ${fmt(firstTitle)}), budget ${BUDGET_FIRST_TITLE_MS} ms`,
    );
    console.log(
      `${taskOk ? 'ok     ' : 'NOT MET'} longest task ${medianTask ? `${medianTask.toFixed(1)} ms` : 'none (none over 50 ms)'} (median; worst ${worstTask.toFixed(1)}; runs: ${fmt(longest)}), budget: no task over ${BUDGET_LONG_TASK_MS} ms`,
    );
    for (const r of results) {
      const at = (time) => `${(time - r.dataArrived).toFixed(1)} ms`;
      const tasks = r.longTasks.map((task) => `${task.duration.toFixed(0)} ms at ${at(task.start)}`).join(', ') || 'none';
      console.log(
        `     run: board answer ${at(r.boardArrived)}, last widget script ${at(r.scriptsArrived)}, first frame with a title ${at(r.titleFrame)}, painted ${at(r.titlePainted)} (after the offers); long tasks: ${tasks}`,
      );
    }
    return titleOk && taskOk;
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
