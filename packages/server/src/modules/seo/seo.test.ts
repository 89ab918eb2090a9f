import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { describeEachBackend } from '../../testing/test-database';
import { jsonForScript, renderPage } from './render-page';
import { reportDirectWrite } from '../../testing/direct-writes';

const distDir = mkdtempSync(join(tmpdir(), 'rec-seo-dist-'));
mkdirSync(join(distDir, 'host'), { recursive: true });
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Recruitment platform</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
writeFileSync(join(distDir, 'host', 'index.html'), INDEX);

const ldJson = (html: string) => {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(match, 'a JSON-LD script');
  return JSON.parse(match[1] ?? '') as Record<string, unknown>;
};

describeEachBackend(
  'server-rendered offer and board pages',
  (context) => {
    const page = (url: string, accept = 'text/html,application/xhtml+xml') => context.app.inject({ url, headers: { accept } });

    it('renders an offer with title, description, Open Graph, canonical and a JobPosting', async () => {
      const response = await page(`/offer/c/${DEMO.sampleChannelId}?language=en`);
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      const html = response.body;
      assert.match(html, /<html lang="en">/);
      assert.match(html, /<title>Embedded Software Engineer \(C\+\+\/ROS\) – Lumen Robotics<\/title>/);
      assert.match(html, /<meta name="description" content="[^"]{20,}" \/>/);
      assert.match(html, /<meta property="og:title" content="Embedded Software Engineer/);
      // Shown in English, not its own French: the English page is its own canonical (hreflang alternates).
      assert.match(html, new RegExp(`<link rel="canonical" href="http://rec.test/offer/c/${DEMO.sampleChannelId}\\?language=en" />`));
      assert.ok(html.includes(`<link rel="alternate" hreflang="fr" href="http://rec.test/offer/c/${DEMO.sampleChannelId}" />`));
      assert.match(html, /<div id="root"><article class="offer-prerender" lang="en"><h1>Embedded Software Engineer/);
      const posting = ldJson(html);
      assert.equal(posting['@type'], 'JobPosting');
      assert.equal(posting.title, 'Embedded Software Engineer (C++/ROS)');
      assert.equal(posting.datePosted, '2026-10-01T08:00:00.000Z');
      assert.deepEqual(posting.hiringOrganization, {
        '@type': 'Organization',
        name: 'Lumen Robotics',
        sameAs: ['https://lumen-robotics.example/', 'https://www.linkedin.com/company/lumen-robotics-example'],
        logo: 'http://rec.test/demo/logos/lumen-robotics.png',
      });
      assert.equal(posting.directApply, true);
      assert.equal(posting.employmentType, 'FULL_TIME');
      assert.ok((posting.jobLocation as { address: { addressLocality: string } }).address.addressLocality);
    });

    it('renders /offer/{id} through the posting’s board channel, with validThrough when known', async () => {
      const response = await page(`/offer/${demoId(DEMO_PREFIX.posting, 0x04)}`);
      assert.equal(response.statusCode, 200);
      assert.equal(ldJson(response.body).validThrough, '2027-01-31T23:59:59.000Z');
      assert.match(response.body, new RegExp(`canonical" href="http://rec.test/offer/c/${demoId(DEMO_PREFIX.channel, 0x04)}"`));
    });

    it('escapes offer content everywhere, and a </script> in JSON-LD cannot end the script', async () => {
      const postingId = demoId(DEMO_PREFIX.posting, 0x01);
      const evil = 'Robot </script><script>alert(1)</script> & "Co" <b>';
      const original = await context.db.selectFrom('posting_contents').select(['title', 'description']).where('posting_id', '=', postingId).where('language', '=', 'en').executeTakeFirstOrThrow();
      try {
        await context.db
          .updateTable('posting_contents')
          .set({ title: evil, description: '<p>Hi</p><img src=x onerror=alert(1)><script>alert(2)</script>' })
          .where('posting_id', '=', postingId)
          .where('language', '=', 'en')
          .execute();
          reportDirectWrite(context.app);
        const html = (await page(`/offer/c/${DEMO.sampleChannelId}?language=en`)).body;
        assert.ok(!html.includes('<script>alert'), 'no injected script element');
        assert.ok(!html.includes('onerror'), 'no event handler attribute');
        assert.match(html, /<title>Robot &lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; &quot;Co&quot; &lt;b&gt; – Lumen Robotics<\/title>/);
        const scripts = html.match(/<\/script>/g) ?? [];
        assert.equal(scripts.length, 1, 'only the JSON-LD script closes');
        assert.equal(ldJson(html).title, evil, 'JSON-LD parses back to the exact title');
      } finally {
        await context.db.updateTable('posting_contents').set(original).where('posting_id', '=', postingId).where('language', '=', 'en').execute();
        reportDirectWrite(context.app);
      }
    });

    it('answers 410 for a closed offer and 404 for an unknown one, still with the app', async () => {
      const closed = await page(`/offer/c/${DEMO.closedChannelId}`);
      assert.equal(closed.statusCode, 410);
      assert.match(closed.body, /<div id="root"><main class="public-error"/);
      assert.match(closed.body, /noindex/);
      assert.equal((await page('/offer/c/64b0c4a100000000000000ff')).statusCode, 404);
    });

    it('renders the board with its offers as links', async () => {
      const response = await page(`/board/${DEMO.boardId}`);
      assert.equal(response.statusCode, 200);
      assert.match(response.body, /<title>Carrières Lumen Robotics<\/title>/);
      assert.match(response.body, /<li><a href="http:\/\/rec.test\/offer\/c\/[0-9a-f]{24}\?language=fr">/);
    });

    const withHeaders = (url: string, headers: Record<string, string>) => context.app.inject({ url, headers: { accept: 'text/html', ...headers } });
    const DATA_SCIENTIST = demoId(DEMO_PREFIX.channel, 0x04);

    it('renders the board in the visitor’s language: translated name, titles, links carrying the language', async () => {
      const html = (await page(`/board/${DEMO.boardId}?language=de`)).body;
      assert.match(html, /<html lang="de">/);
      assert.match(html, /<title>Karriere bei Lumen Robotics<\/title>/);
      assert.match(html, /<h1>Karriere bei Lumen Robotics<\/h1>/);
      assert.ok(html.includes(`<a href="http://rec.test/offer/c/${DATA_SCIENTIST}?language=de">Data Scientist Computer Vision (befristet, 18 Monate)</a>`), 'German title, German link');
      const pl = (await page(`/board/${DEMO.boardId}?language=pl`)).body;
      assert.match(pl, /<title>Kariera w Lumen Robotics<\/title>/);
      // Issue 25: without a link language, the browser's (what <rec-board> then shows: the one rule)…
      const browser = (await withHeaders(`/board/${DEMO.boardId}`, { 'accept-language': 'pl' })).body;
      assert.match(browser, /<html lang="pl">/);
      assert.match(browser, /<title>Kariera w Lumen Robotics<\/title>/);
      // …then the switcher's saved choice beats the browser…
      const saved = (await withHeaders(`/board/${DEMO.boardId}`, { 'accept-language': 'pl', cookie: 'rec_locale=de' })).body;
      assert.match(saved, /<html lang="de">/);
      // …and a browser naming none of ours gets the board's own language.
      const own = (await withHeaders(`/board/${DEMO.boardId}`, { 'accept-language': 'ja' })).body;
      assert.match(own, /<html lang="fr">/);
      assert.match(own, /<title>Carrières Lumen Robotics<\/title>/);
    });

    it('shows an offer in the language of the link when written in it, else in its own language, never English by default', async () => {
      const german = await withHeaders(`/offer/c/${DATA_SCIENTIST}?language=de`, { 'accept-language': 'en-US,en;q=0.9' });
      assert.match(german.body, /<html lang="de">/);
      assert.match(german.body, /<title>Data Scientist Computer Vision \(befristet, 18 Monate\) – Lumen Robotics<\/title>/);
      // Not written in Polish: the offer's own language (French), not the browser's next wish (English).
      const polish = await withHeaders(`/offer/c/${DATA_SCIENTIST}?language=pl`, { 'accept-language': 'pl,en;q=0.9' });
      assert.match(polish.body, /<html lang="fr">/);
      assert.match(polish.body, /<h1>Data scientist vision par ordinateur/);
      // Without a link language, the browser's.
      const browser = await withHeaders(`/offer/c/${DATA_SCIENTIST}`, { 'accept-language': 'de-DE,de;q=0.9' });
      assert.match(browser.body, /<html lang="de">/);
      const api = await context.app.inject({ url: `/v2/offers/channel/${DATA_SCIENTIST}?language=pl`, headers: { 'accept-language': 'en' } });
      assert.equal(api.json().language, 'fr', 'the API follows the same rule');
    });

    it('translates contract codes in the page and maps them to schema.org employmentType', async () => {
      const html = (await page(`/offer/c/${DATA_SCIENTIST}?language=de`)).body;
      assert.match(html, /<p>Lumen Robotics · [^<]+ · Befristet · 4\.800–5\.600\s€ pro Monat<\/p>/u);
      assert.equal(ldJson(html).employmentType, 'TEMPORARY');
      const polishPage = (await page(`/offer/c/${DEMO.sampleChannelId}?language=en`)).body;
      assert.match(polishPage, / · Permanent · €65,000\s–\s€80,000 per year<\/p>/u);
      assert.equal(ldJson((await page(`/offer/c/${demoId(DEMO_PREFIX.channel, 0x0e)}`)).body).employmentType, 'OTHER', 'apprenticeship');
      assert.equal(ldJson((await page(`/offer/c/${demoId(DEMO_PREFIX.channel, 0x0b)}`)).body).employmentType, 'PART_TIME', 'permanent part-time keeps its hours');
    });

    it('renders the spontaneous application without contract, task heading or JobPosting', async () => {
      const html = (await page(`/offer/c/${DEMO.spontaneousChannelId}?language=en`)).body;
      assert.match(html, /<h1>Spontaneous application<\/h1>/);
      assert.ok(!html.includes('application/ld+json'), 'not a job posting for search engines');
      assert.ok(!html.includes('What you will do'));
      assert.ok(!html.includes('Permanent'));
    });

    it('answers unknown and closed pages with a localized, titled page and a way back', async () => {
      const nope = await withHeaders('/board/nope', { 'accept-language': 'fr-FR,fr;q=0.9' });
      assert.equal(nope.statusCode, 404);
      assert.match(nope.body, /<html lang="fr">/);
      assert.match(nope.body, /<title>Page carrières introuvable<\/title>/);
      assert.ok(!/Page Not Found/i.test(nope.body), 'no debug text');
      const unknownBoard = await withHeaders('/board/64b0b0a4d0000000000000ff', { 'accept-language': 'pl' });
      assert.equal(unknownBoard.statusCode, 404);
      assert.match(unknownBoard.body, /<title>Nie znaleziono strony z ofertami<\/title>/);

      const closed = await withHeaders(`/offer/c/${DEMO.closedChannelId}`, { 'accept-language': 'de' });
      assert.equal(closed.statusCode, 410);
      assert.match(closed.body, /<html lang="de">/);
      assert.match(closed.body, /<title>Diese Stelle ist nicht mehr verfügbar<\/title>/);
      const board = `http://rec.test/board/${DEMO.boardId}?language=de`;
      assert.ok(closed.body.includes(`<a href="${board}">Offene Stellen ansehen</a>`), 'links back to its board');
      assert.ok(closed.body.includes(`<meta name="rec:back" content="${board}" />`), 'the app keeps the way back');

      const unknown = await withHeaders('/offer/c/64b0c4a100000000000000ff', { 'accept-language': 'pl', referer: 'https://careers.example.com/jobs' });
      assert.equal(unknown.statusCode, 404);
      assert.match(unknown.body, /<title>Nie znaleziono oferty<\/title>/);
      assert.ok(unknown.body.includes('<a href="https://careers.example.com/jobs">Wróć do poprzedniej strony</a>'), 'back to the career page');
      const hostile = await withHeaders('/offer/c/64b0c4a100000000000000ff', { referer: 'javascript:alert(1)' });
      assert.ok(!hostile.body.includes('javascript:'), 'only web pages as a way back');
    });

    it('leaves non-ids under /offer to the SPA', async () => {
      const message = await page('/offer/message');
      assert.equal(message.statusCode, 200);
      assert.equal(message.body, INDEX);
    });

    it('answers the HTML page whatever the Accept header: link-preview bots send */*, JSON lives under /v2', async () => {
      const urls = [`/offer/c/${DEMO.sampleChannelId}`, `/offer/${demoId(DEMO_PREFIX.posting, 0x01)}`, `/board/${DEMO.boardId}`];
      for (const url of urls) {
        for (const accept of ['*/*', 'application/json', 'application/json, text/plain, */*', '']) {
          const response = await context.app.inject({ url, headers: accept ? { accept } : {} });
          assert.equal(response.statusCode, 200, `${url} with Accept "${accept}"`);
          assert.match(String(response.headers['content-type']), /^text\/html/, `${url} with Accept "${accept}"`);
          assert.match(response.body, /<div id="root"><article class="(offer|board)-prerender"/, `${url}: the rendered content`);
        }
      }
      const missing = await context.app.inject({ url: '/offer/c/64b0b0a4d0000000000000ff', headers: { accept: '*/*' } });
      assert.equal(missing.statusCode, 404);
      assert.match(String(missing.headers['content-type']), /^text\/html/, 'the 404 page, not JSON');
    });
  },
  { config: { distDir } },
);

it('jsonForScript escapes what could end or confuse a script element', () => {
  const text = jsonForScript({ a: '</script><!--&\u2028' });
  assert.ok(!/[<>&\u2028]/.test(text));
  assert.deepEqual(JSON.parse(text), { a: '</script><!--&\u2028' });
});

it('renderPage keeps a $ in content literal', () => {
  const html = renderPage(INDEX, { lang: 'en', title: '$& $1', description: 'd', canonical: 'http://x/', body: '$&' });
  assert.match(html, /<title>\$&amp; \$1<\/title>/);
  assert.match(html, /<div id="root">\$&<\/div>/);
});
