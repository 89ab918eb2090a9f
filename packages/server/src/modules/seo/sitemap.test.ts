import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { DEMO_OFFERS } from '../../seed/demo-offers';
import { describeEachBackend } from '../../testing/test-database';
import { sitemapXml } from './sitemap';

const distDir = mkdtempSync(join(tmpdir(), 'rec-sitemap-dist-'));
mkdirSync(join(distDir, 'host'), { recursive: true });
writeFileSync(join(distDir, 'host', 'index.html'), '<!doctype html>\n<html lang="en">\n  <head>\n    <title>x</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n');

/** The <url> elements of a sitemap, keyed by their <loc>. */
function urlsOf(xml: string): Map<string, string> {
  const urls = new Map<string, string>();
  for (const match of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const body = match[1] ?? '';
    const loc = /<loc>([^<]+)<\/loc>/.exec(body)?.[1];
    assert.ok(loc, 'every url has a loc');
    assert.ok(!urls.has(loc), `${loc} listed once`);
    urls.set(loc, body);
  }
  return urls;
}

const channelUrl = (n: number) => `http://rec.test/offer/c/${demoId(DEMO_PREFIX.channel, n)}`;

describeEachBackend(
  'sitemap.xml, robots.txt and gone offers',
  (context) => {
    it('lists every board and every open offer once, with lastmod and hreflang alternates', async () => {
      const response = await context.app.inject({ url: '/sitemap.xml' });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^application\/xml/);
      assert.match(response.body, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
      const urls = urlsOf(response.body);
      assert.ok(urls.has(`http://rec.test/board/${DEMO.boardId}`));
      assert.ok(urls.has(`http://rec.test/board/${DEMO.otherBoardId}`));

      const open = DEMO_OFFERS.filter((offer) => !offer.spontaneous && (offer.postingStatus ?? 'OPEN') === 'OPEN' && offer.openingStatus !== 'ARCHIVED');
      const gone = DEMO_OFFERS.filter((offer) => !open.includes(offer));
      for (const offer of open) {
        const entry = urls.get(channelUrl(offer.n));
        assert.ok(entry, `offer ${offer.n} is listed`);
        assert.match(entry, /<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);
        const languages = Object.keys(offer.texts);
        const alternates = [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]);
        if (languages.length < 2) {
          assert.deepEqual(alternates, [], `offer ${offer.n} is written in one language`);
          continue;
        }
        const expected = languages.map((language) => [language, language === offer.language ? channelUrl(offer.n) : `${channelUrl(offer.n)}?language=${language}`]);
        assert.deepEqual(
          alternates.filter(([hreflang]) => hreflang !== 'x-default').sort(),
          expected.sort(),
          `offer ${offer.n}: one alternate per language it is written in`,
        );
        assert.ok(alternates.some(([hreflang, href]) => hreflang === 'x-default' && href === channelUrl(offer.n)));
      }
      for (const offer of gone) assert.ok(!urls.has(channelUrl(offer.n)), `offer ${offer.n} (closed, archived or spontaneous) is not listed`);
      assert.equal(urls.size, 2 + open.length);
    });

    it('drops an offer as soon as it closes, and dates the change', async () => {
      const postingId = demoId(DEMO_PREFIX.posting, 0x03);
      const before = urlsOf((await context.app.inject({ url: '/sitemap.xml' })).body).get(channelUrl(0x03));
      assert.ok(before);
      try {
        await context.db.updateTable('postings').set({ status: 'CLOSED' }).where('id', '=', postingId).execute();
        assert.ok(!urlsOf((await context.app.inject({ url: '/sitemap.xml' })).body).has(channelUrl(0x03)));
      } finally {
        await context.db.updateTable('postings').set({ status: 'OPEN', updated_at: '2027-02-03T04:05:06.000Z' }).where('id', '=', postingId).execute();
      }
      const after = urlsOf((await context.app.inject({ url: '/sitemap.xml' })).body).get(channelUrl(0x03));
      assert.match(after ?? '', /<lastmod>2027-02-03T04:05:06.000Z<\/lastmod>/);
    });

    it('answers robots.txt pointing at the sitemap, keeping crawlers out of the back-office and applicant paths', async () => {
      const response = await context.app.inject({ url: '/robots.txt' });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain/);
      const lines = response.body.split('\n');
      assert.ok(lines.includes('User-agent: *'));
      assert.ok(lines.includes('Sitemap: http://rec.test/sitemap.xml'));
      for (const path of ['/recruiter', '/admin', '/applicant', '/login', '/invite/', '/v2/']) assert.ok(lines.includes(`Disallow: ${path}`), path);
      for (const line of lines) assert.ok(!/^Disallow: \/(offer\/c|board)\b/.test(line), 'offers and boards stay crawlable');
    });

    it('answers a closed offer 410 with noindex in the header and the page, and an open one without', async () => {
      const closed = await context.app.inject({ url: `/offer/c/${DEMO.closedChannelId}`, headers: { accept: 'text/html' } });
      assert.equal(closed.statusCode, 410);
      assert.equal(closed.headers['x-robots-tag'], 'noindex');
      assert.match(closed.body, /<meta name="robots" content="noindex" \/>/);
      const archived = await context.app.inject({ url: `/offer/c/${demoId(DEMO_PREFIX.channel, 0x51)}`, headers: { accept: 'text/html' } });
      assert.equal(archived.statusCode, 410);
      assert.equal(archived.headers['x-robots-tag'], 'noindex');
      const open = await context.app.inject({ url: `/offer/c/${DEMO.sampleChannelId}`, headers: { accept: 'text/html' } });
      assert.equal(open.statusCode, 200);
      assert.equal(open.headers['x-robots-tag'], undefined);
      assert.ok(!open.body.includes('noindex'));
    });
  },
  { config: { distDir } },
);

it('escapes what XML would misread', () => {
  const xml = sitemapXml('http://a.test/x?y=1&z=<2>', ['b'], []);
  assert.ok(xml.includes('<loc>http://a.test/x?y=1&amp;z=&lt;2&gt;/board/b</loc>'));
  assert.ok(!xml.includes('&z'));
  const withOffer = sitemapXml('http://a.test', ['b'], [{ boardId: 'b', channelId: 'c&d', language: 'fr', languages: 'fr,de', lastmod: new Date('2026-01-01T00:00:00Z') }]);
  assert.match(withOffer, /<loc>http:\/\/a.test\/offer\/c\/c&amp;d<\/loc>/);
  assert.match(withOffer, /<url><loc>http:\/\/a.test\/board\/b<\/loc><lastmod>2026-01-01T00:00:00.000Z<\/lastmod><\/url>/);
});
