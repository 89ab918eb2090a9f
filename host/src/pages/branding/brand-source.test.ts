import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Brand } from '@rec/core';
import { type BrandSources, linkWithBrand, parseBrandQuery, resolveBrand } from './brand-source';

const COMPANY = '64b0c0de0000000000000001';
const companyBrand: Brand = { colors: { primary: '#0b6e4f' }, font: 'humanist' };
const settingsBrand: Brand = { colors: { primary: '#8a2be2' }, radius: 2 };

/** Sources that answer as told, and record what was asked. */
function sources({ theme = true, settings = true } = {}) {
  const asked: string[] = [];
  const fake: BrandSources = {
    companyTheme: async (id) => {
      asked.push(`theme:${id}`);
      if (!theme) throw new Error('404');
      return { theme: { brand: companyBrand } };
    },
    companySettings: async () => {
      asked.push('settings');
      if (!settings) throw new Error('401');
      return { brand: settingsBrand };
    },
  };
  return { fake, asked };
}

const query = (search: string) => new URLSearchParams(search);

describe('branding preview brand source', () => {
  it('takes the brand in the link first, without asking the server', async () => {
    const { fake, asked } = sources();
    const brand: Brand = { colors: { primary: '#1b1b1b' }, font: 'serif', radius: 0, spacing: 1.25 };
    const shown = await resolveBrand(query(`brand=${encodeURIComponent(JSON.stringify(brand))}&companyId=${COMPANY}`), fake);
    assert.deepEqual(shown, { brand, origin: 'link', invalidLink: false });
    assert.deepEqual(asked, []);
  });

  it('then the company of companyId, then the signed-in recruiter’s company, then the default', async () => {
    assert.deepEqual(await resolveBrand(query(`companyId=${COMPANY}`), sources().fake), { brand: companyBrand, origin: 'company', invalidLink: false });
    const noTheme = sources({ theme: false });
    assert.deepEqual(await resolveBrand(query(`companyId=${COMPANY}`), noTheme.fake), { brand: settingsBrand, origin: 'settings', invalidLink: false });
    assert.deepEqual(noTheme.asked, [`theme:${COMPANY}`, 'settings']);
    assert.deepEqual(await resolveBrand(query(''), sources({ settings: false }).fake), { brand: {}, origin: 'default', invalidLink: false });
  });

  it('never asks for a companyId that is not an id', async () => {
    const { fake, asked } = sources();
    await resolveBrand(query('companyId=../settings'), fake);
    assert.deepEqual(asked, ['settings']);
  });

  it('says when the link’s brand is not valid, and falls back', async () => {
    for (const bad of ['{"colors":{"primary":"red"}}', '{"radius":99}', '{"font":"comic"}', 'not json', '{"colors":']) {
      assert.equal(parseBrandQuery(bad), null, bad);
      const shown = await resolveBrand(query(`brand=${encodeURIComponent(bad)}`), sources({ settings: false }).fake);
      assert.deepEqual(shown, { brand: {}, origin: 'default', invalidLink: true }, bad);
    }
    assert.equal(parseBrandQuery(null), undefined);
  });

  it('writes the brand into the link and reads it back, keeping the other queries', () => {
    const brand: Brand = { colors: { primary: '#1b1b1b', onPrimary: '#ffffff' }, font: 'serif', radius: 0 };
    const href = linkWithBrand('https://jobs.example.com/offer/branding/preview/buttons?language=fr', brand);
    const url = new URL(href);
    assert.equal(url.searchParams.get('language'), 'fr');
    assert.deepEqual(parseBrandQuery(url.searchParams.get('brand')), brand);
    assert.equal(new URL(linkWithBrand(href, null)).search, '?language=fr');
  });
});
