import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { demoId, DEMO_PREFIX } from '../../seed/demo-ids';
import { DEMO_REMOTE_OFFERS, DEMO_SALARIES, PLACE_COUNTRY } from '../../seed/demo-job-places';
import { DEMO_OFFERS } from '../../seed/demo-offers';
import { describeEachBackend } from '../../testing/test-database';
import { jobPostingProblems } from './job-posting-rules';

const distDir = mkdtempSync(join(tmpdir(), 'rec-jsonld-dist-'));
mkdirSync(join(distDir, 'host'), { recursive: true });
writeFileSync(join(distDir, 'host', 'index.html'), '<!doctype html>\n<html lang="en">\n  <head>\n    <title>x</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n');

const ldJson = (html: string): Record<string, unknown> => {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(match, 'a JSON-LD script');
  return JSON.parse(match[1] ?? '') as Record<string, unknown>;
};

/** The seeded offers a visitor can open: open posting, opening not archived, not the spontaneous application. */
const OPEN_OFFERS = DEMO_OFFERS.filter((offer) => !offer.spontaneous && (offer.postingStatus ?? 'OPEN') === 'OPEN' && offer.openingStatus !== 'ARCHIVED');

describeEachBackend(
  'JSON-LD JobPosting of every seeded offer page',
  (context) => {
    const page = (url: string) => context.app.inject({ url, headers: { accept: 'text/html' } });

    it('passes Google’s JobPosting rules on every open offer, in every language it is written in', async () => {
      assert.ok(OPEN_OFFERS.length >= 15, 'the demo has offers to check');
      let pages = 0;
      for (const offer of OPEN_OFFERS) {
        for (const language of Object.keys(offer.texts)) {
          const url = `/offer/c/${demoId(DEMO_PREFIX.channel, offer.n)}?language=${language}`;
          const response = await page(url);
          assert.equal(response.statusCode, 200, url);
          const posting = ldJson(response.body);
          assert.deepEqual(jobPostingProblems(posting), [], url);
          assert.equal(posting.title, offer.texts[language as keyof typeof offer.texts]?.title, `${url}: the title in the page's language`);
          assert.equal((posting.identifier as { value: string }).value, demoId(DEMO_PREFIX.posting, offer.n));
          if (offer.validThrough) assert.equal(posting.validThrough, new Date(offer.validThrough).toISOString(), url);
          else assert.equal(posting.validThrough, undefined, `${url}: no validThrough when none is set`);
          pages += 1;
        }
      }
      assert.ok(pages > OPEN_OFFERS.length, 'several languages checked');
    });

    it('places each offer in its country, or as TELECOMMUTE for its country’s applicants', async () => {
      for (const offer of OPEN_OFFERS) {
        const posting = ldJson((await page(`/offer/c/${demoId(DEMO_PREFIX.channel, offer.n)}`)).body);
        if (DEMO_REMOTE_OFFERS.has(offer.n)) {
          assert.equal(posting.jobLocationType, 'TELECOMMUTE');
          assert.deepEqual(posting.applicantLocationRequirements, { '@type': 'Country', name: PLACE_COUNTRY[offer.place] });
          assert.equal(posting.jobLocation, undefined);
        } else {
          assert.equal((posting.jobLocation as { address: { addressCountry: string } }).address.addressCountry, PLACE_COUNTRY[offer.place]);
        }
      }
    });

    it('carries baseSalary when the range is shown, and nothing when it is hidden', async () => {
      let shown = 0;
      for (const offer of OPEN_OFFERS) {
        const posting = ldJson((await page(`/offer/c/${demoId(DEMO_PREFIX.channel, offer.n)}`)).body);
        const salary = DEMO_SALARIES.get(offer.n);
        if (salary?.show) {
          shown += 1;
          assert.deepEqual(posting.baseSalary, {
            '@type': 'MonetaryAmount',
            currency: salary.currency,
            value: { '@type': 'QuantitativeValue', minValue: salary.min, maxValue: salary.max, unitText: salary.period },
          });
        } else {
          assert.equal(posting.baseSalary, undefined, `offer ${offer.n}: no salary in JSON-LD`);
        }
      }
      assert.ok(shown >= 4, 'several seeded ranges');
      assert.ok(
        [...DEMO_SALARIES.entries()].some(([n, salary]) => !salary.show && OPEN_OFFERS.some((offer) => offer.n === n)),
        'a hidden range is among the checked offers',
      );
    });

    it('lists shown ranges with the board’s offers, never hidden ones', async () => {
      const offers = (await context.app.inject({ url: '/v2/boards/64b0b0a4d000000000000001/offers?language=fr' })).json() as Array<{ _id: string; salary?: unknown }>;
      for (const offer of offers) {
        const n = Number.parseInt(offer._id.slice(-6), 16);
        const salary = DEMO_SALARIES.get(n);
        if (salary?.show) assert.deepEqual(offer.salary, { min: salary.min, max: salary.max, currency: salary.currency, period: salary.period }, `offer ${n}`);
        else assert.equal(offer.salary, undefined, `offer ${n}`);
      }
      assert.ok(offers.some((offer) => offer.salary), 'some listed with a range');
    });

    it('gives a shown salary in the public offer JSON, never a hidden one', async () => {
      const shown = (await context.app.inject({ url: `/v2/offers/channel/${demoId(DEMO_PREFIX.channel, 0x04)}` })).json();
      assert.deepEqual(shown.salary, { min: 4800, max: 5600, currency: 'EUR', period: 'MONTH' });
      const hidden = [...DEMO_SALARIES.entries()].find(([, salary]) => !salary.show);
      assert.ok(hidden);
      const response = await context.app.inject({ url: `/v2/offers/channel/${demoId(DEMO_PREFIX.channel, hidden[0])}` });
      assert.equal(response.statusCode, 200);
      const offer = response.json();
      assert.ok(offer.information.title, 'the offer itself');
      assert.equal(offer.salary, undefined);
      assert.equal(JSON.stringify(offer).includes(String(hidden[1].min)), false);
    });
  },
  { config: { distDir } },
);

it('the rules catch what Google would refuse', () => {
  const valid = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: 'Welder',
    description: '<p>Weld.</p>',
    datePosted: '2026-10-01T08:00:00.000Z',
    employmentType: 'FULL_TIME',
    hiringOrganization: { '@type': 'Organization', name: 'Acme', logo: 'https://acme.example/logo.png', sameAs: ['https://acme.example/'] },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Esch', addressCountry: 'LU' } },
    identifier: { '@type': 'PropertyValue', name: 'Acme', value: '1' },
    directApply: true,
  };
  assert.deepEqual(jobPostingProblems(valid), []);
  assert.deepEqual(jobPostingProblems({ ...valid, title: ' ' }), ['title']);
  assert.deepEqual(jobPostingProblems({ ...valid, validThrough: '2026-09-01T00:00:00.000Z' }), ['validThrough after datePosted']);
  assert.deepEqual(jobPostingProblems({ ...valid, jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Esch' } } }), [
    'jobLocation.address.addressCountry',
  ]);
  assert.deepEqual(jobPostingProblems({ ...valid, jobLocation: undefined, jobLocationType: 'TELECOMMUTE' }), ['applicantLocationRequirements']);
  assert.deepEqual(jobPostingProblems({ ...valid, hiringOrganization: { '@type': 'Organization', name: 'Acme' } }), ['hiringOrganization.logo', 'hiringOrganization.sameAs']);
  const salary = (minValue: number, maxValue: number) => ({
    '@type': 'MonetaryAmount',
    currency: 'EUR',
    value: { '@type': 'QuantitativeValue', minValue, maxValue, unitText: 'YEAR' },
  });
  assert.deepEqual(jobPostingProblems({ ...valid, baseSalary: salary(40_000, 50_000) }), []);
  assert.deepEqual(jobPostingProblems({ ...valid, baseSalary: salary(50_000, 40_000) }), ['baseSalary.value']);
  assert.deepEqual(jobPostingProblems({ ...valid, directApply: false }), ['directApply']);
});
