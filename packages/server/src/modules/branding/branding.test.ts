import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { CompanyLogo, Theme } from '@rec/core';
import { CompanyThemeSchema, ThemedBoardSchema, ThemedOfferSchema } from '@rec/core/theme-schema';
import * as v from 'valibot';
import { DEMO } from '../../seed/demo-ids';
import { pngBytes } from '../../testing/png';
import { recruiterHarness } from '../../testing/recruiter-harness';
import { describeEachBackend } from '../../testing/test-database';
import { companyTheme } from './service';

const THEME_URL = `/v2/companies/${DEMO.companyId}/theme`;
const BOARD_URL = `/v2/boards/${DEMO.boardId}`;
const OFFER_URL = `/v2/offers/channel/${DEMO.sampleChannelId}`;

it('builds the theme from stored settings: brand, default logo with its mask; invalid parts left out', () => {
  assert.deepEqual(companyTheme(undefined), { brand: {}, properties: {} });
  assert.deepEqual(
    companyTheme({ brand: { colors: { primary: '#b4451f' }, radius: 4 }, logoImage: { url: 'https://x.test/v2/logos/1', width: 320, height: 80, mask: 'BLACK' } }),
    {
      brand: { colors: { primary: '#b4451f' }, radius: 4 },
      logo: { url: 'https://x.test/v2/logos/1', width: 320, height: 80, mask: 'BLACK' },
      properties: { '--rec-color-primary': '#b4451f', '--rec-radius': '4px' },
    },
  );
  // A stored brand that no longer validates shows no brand rather than failing a public page.
  assert.deepEqual(companyTheme({ brand: { colors: { primary: 'red' } }, logoImage: { url: 'u', width: 1, height: 1, mask: 'PURPLE' } }), {
    brand: {},
    logo: { url: 'u', width: 1, height: 1 },
    properties: {},
  });
});

describeEachBackend('company theme', (context) => {
  const h = recruiterHarness(context);
  const themeOf = async (url: string): Promise<Theme> => (await h.call(undefined, 'GET', url)).json().theme;

  it('answers the public theme, 400 for a malformed id, 404 for an unknown or suspended company', async () => {
    const response = await h.call(undefined, 'GET', THEME_URL);
    assert.equal(response.statusCode, 200, response.body);
    assert.ok(v.is(CompanyThemeSchema, response.json()));
    assert.match(String(response.headers['cache-control']), /public/);
    assert.ok(response.headers.etag);

    const malformed = await h.call(undefined, 'GET', '/v2/companies/not-an-id/theme');
    assert.equal(malformed.statusCode, 400);
    assert.deepEqual(malformed.json(), { statusCode: 400, error: 'errors.invalidId' });
    const unknown = await h.call(undefined, 'GET', '/v2/companies/64b0c0de00000000000000ff/theme');
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), { statusCode: 404, error: 'company.notFound' });

    await context.db.updateTable('companies').set({ suspended_at: new Date() }).where('id', '=', DEMO.otherCompanyId).execute();
    try {
      assert.equal((await h.call(undefined, 'GET', `/v2/companies/${DEMO.otherCompanyId}/theme`)).statusCode, 404);
    } finally {
      await context.db.updateTable('companies').set({ suspended_at: null }).where('id', '=', DEMO.otherCompanyId).execute();
    }
  });

  it('carries the theme in the board and offer answers, and a brand change drops their cached copies', async () => {
    // Read first, so the answers are cached before the change.
    const board = await h.call(undefined, 'GET', BOARD_URL);
    assert.ok(v.is(ThemedBoardSchema, board.json()), board.body);
    const offer = await h.call(undefined, 'GET', OFFER_URL);
    assert.ok(v.is(ThemedOfferSchema, offer.json()), offer.body);
    await themeOf(THEME_URL);

    const brand = { colors: { primary: '#8a2be2', onPrimary: '#ffffff' }, font: 'serif', radius: 12 };
    const patch = await h.call('owner', 'PATCH', '/v2/companies/settings', { brand });
    assert.equal(patch.statusCode, 200, patch.body);

    const after = await h.call(undefined, 'GET', BOARD_URL, undefined);
    assert.notEqual(after.headers.etag, board.headers.etag, 'the ETag follows the brand');
    assert.deepEqual(after.json().theme.brand, brand);
    assert.equal(after.json().theme.properties['--rec-color-primary'], '#8a2be2');
    assert.deepEqual((await themeOf(OFFER_URL)).brand, brand);
    assert.deepEqual((await themeOf(THEME_URL)).brand, brand);

    // Tenant: company A's brand never shows on company B's board or offer.
    const other = await themeOf(`/v2/boards/${DEMO.otherBoardId}`);
    assert.notDeepEqual(other.brand, brand);
    assert.notDeepEqual((await themeOf(`/v2/offers/channel/${DEMO.otherSampleChannelId}`)).brand, brand);
    assert.notDeepEqual((await themeOf(`/v2/companies/${DEMO.otherCompanyId}/theme`)).brand, brand);
  });

  it('a logo change drops the cached answers: the default logo with its size and mask', async () => {
    await themeOf(BOARD_URL);
    await themeOf(OFFER_URL);
    await themeOf(THEME_URL);
    const created = await h.call('owner', 'POST', '/v2/companies/settings/logos', {
      name: 'Theme logo',
      options: { mask: 'BLACK' },
      file: { base64: pngBytes(300, 60).toString('base64'), type: 'image/png' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const logo = created.json() as CompanyLogo;
    await h.call('owner', 'POST', `/v2/companies/settings/logos/${logo._id}/default`);
    const expected = { url: logo.url, width: 300, height: 60, mask: 'BLACK' };
    assert.deepEqual((await themeOf(BOARD_URL)).logo, expected);
    assert.deepEqual((await themeOf(OFFER_URL)).logo, expected);
    assert.deepEqual((await themeOf(THEME_URL)).logo, expected);

    // Changing only the mask changes the theme too.
    assert.equal((await h.call('owner', 'PUT', `/v2/companies/settings/logos/${logo._id}`, { name: 'Theme logo', options: { mask: 'WHITE' } })).statusCode, 200);
    assert.equal((await themeOf(BOARD_URL)).logo?.mask, 'WHITE');
    assert.equal((await themeOf(`/v2/boards/${DEMO.otherBoardId}`)).logo?.url === logo.url, false, 'not on the other company board');
  });
});
