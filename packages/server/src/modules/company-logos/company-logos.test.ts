import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type CompanyLogo, LOGO_MAX_BYTES } from '@rec/core';
import { DEMO } from '../../seed/demo-ids';
import { pngBytes } from '../../testing/png';
import { recruiterHarness } from '../../testing/recruiter-harness';
import { describeEachBackend } from '../../testing/test-database';
import { imageSize } from './image-size';

const logo = (name: string, bytes: Buffer = pngBytes(320, 80), mask?: 'WHITE' | 'BLACK') => ({
  name,
  ...(mask ? { options: { mask } } : {}),
  file: { base64: bytes.toString('base64'), type: 'image/png' },
});

it('reads the pixel size of png, jpeg and bmp headers', () => {
  assert.deepEqual(imageSize(pngBytes(320, 80), 'image/png'), { width: 320, height: 80 });
  // SOI, an APP0 segment, then a baseline SOF0 with height 50 and width 120.
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x32, 0x00, 0x78, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(imageSize(jpeg, 'image/jpeg'), { width: 120, height: 50 });
  const bmp = Buffer.alloc(54);
  bmp.write('BM', 0, 'latin1');
  bmp.writeUInt32LE(54, 2);
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(64, 18);
  bmp.writeInt32LE(-32, 22);
  assert.deepEqual(imageSize(bmp, 'image/bmp'), { width: 64, height: 32 });
  assert.equal(imageSize(Buffer.from('not an image'), 'image/png'), undefined);
});

describeEachBackend('company logos', (context) => {
  const h = recruiterHarness(context);

  it('uploads, lists, renames, sets default, serves publicly and deletes (spec §7 calls)', async () => {
    const first = await h.call('owner', 'POST', '/v2/companies/settings/logos', logo('Main'));
    assert.equal(first.statusCode, 201, first.body);
    const main = first.json() as CompanyLogo;
    assert.equal(main.width, 320);
    assert.equal(main.height, 80);
    assert.equal(main.options.mask, 'WHITE');
    assert.equal(main.default, true, 'the first logo becomes the default');
    const second = (await h.call('owner', 'POST', '/v2/companies/settings/logos', logo('Dark', pngBytes(100, 100), 'BLACK'))).json() as CompanyLogo;
    assert.equal(second.default, false);

    const image = await h.call(undefined, 'GET', new URL(main.url).pathname);
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    assert.match(String(image.headers['cache-control']), /public, max-age=31536000/);

    const company = (await h.call('owner', 'GET', `/v2/companies/${DEMO.companyId}`)).json();
    assert.deepEqual(
      company.settings.logos.map((entry: CompanyLogo) => entry.name),
      ['Main', 'Dark'],
    );

    assert.equal((await h.call('owner', 'POST', `/v2/companies/settings/logos/${second._id}/default`)).json().default, true);
    const listed = (await h.call('owner', 'GET', '/v2/companies/settings/logos')).json() as CompanyLogo[];
    assert.deepEqual(
      listed.filter((entry) => entry.default).map((entry) => entry.name),
      ['Dark'],
      'exactly one default',
    );

    const renamed = await h.call('owner', 'PUT', `/v2/companies/settings/logos/${main._id}`, { name: 'Light' });
    assert.equal(renamed.json().name, 'Light');

    // Deleting the default hands the role to the remaining logo.
    assert.equal((await h.call('owner', 'DELETE', `/v2/companies/settings/logos/${second._id}`)).statusCode, 204);
    const left = (await h.call('owner', 'GET', '/v2/companies/settings/logos')).json() as CompanyLogo[];
    assert.deepEqual(
      left.map((entry) => [entry.name, entry.default]),
      [['Light', true]],
    );
    assert.equal((await h.call(undefined, 'GET', new URL(second.url).pathname)).statusCode, 404);
    await h.call('owner', 'DELETE', `/v2/companies/settings/logos/${main._id}`);
  });

  it('refuses wrong content, oversized files, missing, long and duplicate names (spec §5)', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)]);
    const refusedGif = await h.call('owner', 'POST', '/v2/companies/settings/logos', { ...logo('Gif'), file: { base64: gif.toString('base64'), type: 'image/png' } });
    assert.deepEqual([refusedGif.statusCode, refusedGif.json().error], [415, 'logos.errors.type']);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    assert.equal((await h.call('owner', 'POST', '/v2/companies/settings/logos', { ...logo('Html'), file: { base64: html.toString('base64'), type: 'image/png' } })).statusCode, 415);
    const big = await h.call('owner', 'POST', '/v2/companies/settings/logos', logo('Big', pngBytes(10, 10, LOGO_MAX_BYTES)));
    assert.deepEqual([big.statusCode, big.json().error], [413, 'logos.errors.tooLarge']);
    assert.equal((await h.call('owner', 'POST', '/v2/companies/settings/logos', logo(' '))).statusCode, 400);
    assert.equal((await h.call('owner', 'POST', '/v2/companies/settings/logos', logo('x'.repeat(41)))).statusCode, 400);
    const created = await h.call('owner', 'POST', '/v2/companies/settings/logos', logo('Unique'));
    assert.equal(created.statusCode, 201);
    const duplicate = await h.call('owner', 'POST', '/v2/companies/settings/logos', logo('unique'));
    assert.deepEqual([duplicate.statusCode, duplicate.json().error], [409, 'logos.errors.nameTaken']);
    const other = (await h.call('owner', 'POST', '/v2/companies/settings/logos', logo('Other'))).json() as CompanyLogo;
    assert.equal((await h.call('owner', 'PUT', `/v2/companies/settings/logos/${other._id}`, { name: 'UNIQUE' })).statusCode, 409);
    for (const id of [created.json()._id, other._id]) await h.call('owner', 'DELETE', `/v2/companies/settings/logos/${id}`);
  });

  it('keeps logos to their company and to COMPANIES:LOGOS:MANAGE', async () => {
    const created = (await h.call('owner', 'POST', '/v2/companies/settings/logos', logo('Guarded'))).json() as CompanyLogo;
    assert.equal((await h.call('viewer', 'POST', '/v2/companies/settings/logos', logo('Viewer'))).statusCode, 403);
    assert.equal((await h.call('viewer', 'DELETE', `/v2/companies/settings/logos/${created._id}`)).statusCode, 403);
    assert.equal((await h.call('otherOwner', 'DELETE', `/v2/companies/settings/logos/${created._id}`)).statusCode, 404);
    assert.equal((await h.call('otherOwner', 'POST', `/v2/companies/settings/logos/${created._id}/default`)).statusCode, 404);
    assert.equal((await h.call('otherOwner', 'GET', '/v2/companies/settings/logos')).json().length, 0);
    assert.equal((await h.call(undefined, 'POST', '/v2/companies/settings/logos', logo('Anon'))).statusCode, 401);
    await h.call('owner', 'DELETE', `/v2/companies/settings/logos/${created._id}`);
  });
});

describeEachBackend('company settings', (context) => {
  const h = recruiterHarness(context);

  it('answers the effective settings and saves a patch; refuses bad input and viewers', async () => {
    const read = (await h.call('viewer', 'GET', '/v2/companies/settings')).json();
    assert.equal(read.name, 'Lumen Robotics');
    assert.equal(read.stages.length, 6);
    const events: string[] = [];
    const stop = h.app.domainEvents.subscribe((event) => events.push(event.type));
    const saved = await h.call('owner', 'PATCH', '/v2/companies/settings', {
      defaultLanguage: 'de',
      privacyNotice: { en: 'We keep your data for a year.' },
      retentionDays: 400,
      brand: { radius: 8 },
    });
    stop();
    assert.equal(saved.statusCode, 200, saved.body);
    const body = saved.json();
    assert.deepEqual([body.language, body.privacyNotice.en, body.retentionDays, body.brand.radius, body.name], ['de', 'We keep your data for a year.', 400, 8, 'Lumen Robotics']);
    assert.deepEqual(events.sort(), ['BRAND_CHANGED', 'COMPANY_CHANGED']);
    assert.equal((await h.call('owner', 'PATCH', '/v2/companies/settings', { retentionDays: 5 })).statusCode, 400);
    assert.equal((await h.call('owner', 'PATCH', '/v2/companies/settings', { unknown: 1 })).statusCode, 400);
    assert.equal((await h.call('owner', 'PATCH', '/v2/companies/settings', { stages: [{ id: 'NEW', kind: 'open' }] })).statusCode, 400);
    assert.equal((await h.call('viewer', 'PATCH', '/v2/companies/settings', { retentionDays: 100 })).statusCode, 403);
    // Nordwind's owner changes Nordwind only.
    await h.call('otherOwner', 'PATCH', '/v2/companies/settings', { retentionDays: 100 });
    assert.equal((await h.call('owner', 'GET', '/v2/companies/settings')).json().retentionDays, 400);
    await h.call('owner', 'PATCH', '/v2/companies/settings', { defaultLanguage: 'en', privacyNotice: {}, retentionDays: 365, brand: {} });
  });
});

describeEachBackend('the default logo on public answers', (context) => {
  const h = recruiterHarness(context);

  it('shows on the board and the offer with its size, and goes when deleted', async () => {
    const created = (await h.call('owner', 'POST', '/v2/companies/settings/logos', logo('Board logo', pngBytes(300, 100)))).json() as CompanyLogo;
    const board = (await h.call(undefined, 'GET', `/v2/boards/${DEMO.boardId}`)).json();
    assert.deepEqual(board.company.logo, { url: created.url, width: 300, height: 100 });
    const offer = (await h.call(undefined, 'GET', `/v2/offers/channel/${DEMO.sampleChannelId}`)).json();
    assert.deepEqual(offer.company.logoImage, { url: created.url, width: 300, height: 100 });
    assert.equal(offer.company.logo, created.url, 'JSON-LD hiringOrganization logo');
    await h.call('owner', 'DELETE', `/v2/companies/settings/logos/${created._id}`);
    const after = (await h.call(undefined, 'GET', `/v2/boards/${DEMO.boardId}`)).json();
    assert.equal(after.company.logo, undefined, 'the cached board was refreshed by LOGO_CHANGED');
  });

  it('shows the privacy notice saved in the settings above the consent of the apply form', async () => {
    await h.call('owner', 'PATCH', '/v2/companies/settings', { privacyNotice: { en: 'Lumen keeps applications for a year.', fr: 'Lumen garde les candidatures un an.' } });
    const offer = (await h.app.inject({ method: 'GET', url: `/v2/offers/channel/${DEMO.sampleChannelId}?language=fr` })).json();
    assert.deepEqual(
      offer.company.privacyNotices.map((notice: { language: string; text: string }) => [notice.language, notice.text]),
      [
        ['fr', 'Lumen garde les candidatures un an.'],
        ['en', 'Lumen keeps applications for a year.'],
      ],
    );
  });
});
