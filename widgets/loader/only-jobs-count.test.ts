import { expect } from '@open-wc/testing';
import { waitUntil } from '@rec/ui/testing/wait-until';

// A page that shows only the badge, as a career site's other pages do: the loader script and
// <rec-jobs-count>. It must load lit and never the React widgets' runtime (preact, r2wc, i18next…).
// This file imports nothing else of ours but the tests' waitUntil (left out of the check below), so
// every other module this page fetches is the loader's doing.

const BOARD_ID = '64b0b0a4d000000000000001';
const realFetch = window.fetch;

before(async () => {
  window.fetch = (async () =>
    new Response(JSON.stringify({ count: 12, language: 'fr' }), { headers: { 'content-type': 'application/json' } })) as typeof window.fetch;
  document.body.insertAdjacentHTML('beforeend', `<header><rec-jobs-count board-id="${BOARD_ID}" href="/jobs"></rec-jobs-count></header>`);
  await import('./src/index');
});

after(() => {
  window.fetch = realFetch;
});

const loadedUrls = () => performance.getEntriesByType('resource').map((entry) => decodeURIComponent(entry.name));

describe('a page with only <rec-jobs-count>', () => {
  it('shows the badge through the loader', async () => {
    const badge = document.querySelector('rec-jobs-count')!;
    await waitUntil(() => badge.shadowRoot?.querySelector('[part~="count"]'), 'the badge did not render');
    expect(badge.shadowRoot?.querySelector('[part~="badge"]')?.textContent).to.equal('On recrute\u00a0: 12 postes ouverts');
  });

  it('loads lit and the badge, and no code of the React widgets', () => {
    const urls = loadedUrls();
    // The check sees module URLs at all: the badge's own modules and lit are among them.
    expect(urls.some((url) => url.includes('/widgets/jobs-count/src/jobs-count.element'))).to.equal(true);
    expect(urls.some((url) => url.includes('/node_modules/lit-html/'))).to.equal(true);
    const react = /\/node_modules\/(preact|react|react-dom|@r2wc|i18next|ofetch|nanostores)\/|\/widgets\/(board|offer|referral)\/|\/packages\/(ui|i18n|stores|api-client)\//;
    const testHelper = '/packages/ui/src/testing/';
    expect(urls.filter((url) => react.test(url) && !url.includes(testHelper))).to.deep.equal([]);
  });
});
