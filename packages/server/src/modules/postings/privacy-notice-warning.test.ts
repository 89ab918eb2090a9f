import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { DEMO_OPENING_IDS } from '../../seed/demo-openings';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';

/** Issue 25, item 6: Lumen Robotics wrote its privacy notice in French, English and German, not in Polish. */
describeEachBackend('publishing in a language without a privacy notice', (context) => {
  let t: AuthTestApp;
  let cookie = '';
  before(async () => {
    t = await buildAuthTestApp(context.db);
    cookie = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
  });
  after(() => t.app.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: OWN_ORIGIN }, ...(payload ? { payload } : {}) });
  const opening = DEMO_OPENING_IDS.published;
  const content = (title: string) => ({ title, description: '<p>Praca z robotami</p>' });
  const postingCount = async () => (await context.db.selectFrom('postings').select('id').where('opening_id', '=', opening).execute()).length;

  it('a Polish posting is refused with 409 posting.privacyNoticeMissing until the recruiter confirms, then published with the warning', async () => {
    const before = await postingCount();
    const refused = await call('POST', `/v2/jobs/${opening}/postings`, { language: 'pl', contents: { pl: content('Inżynier robotyki') }, channels: ['SHARE'] });
    assert.equal(refused.statusCode, 409, refused.body);
    assert.deepEqual(refused.json(), { statusCode: 409, error: 'posting.privacyNoticeMissing' });
    assert.equal(await postingCount(), before, 'nothing published');

    const confirmed = await call('POST', `/v2/jobs/${opening}/postings`, { language: 'pl', contents: { pl: content('Inżynier robotyki') }, channels: ['SHARE'], confirmMissingPrivacyNotice: true });
    assert.equal(confirmed.statusCode, 201, confirmed.body);
    assert.deepEqual(confirmed.json().privacyNoticeMissing, ['pl']);
    const listed = (await call('GET', `/v2/jobs/${opening}/postings`)).json() as Array<{ _id: string; privacyNoticeMissing: string[] }>;
    assert.deepEqual(listed.find((posting) => posting._id === confirmed.json()._id)?.privacyNoticeMissing, ['pl'], 'the list carries the warning too');
  });

  it('languages with a notice publish without confirmation and carry no warning', async () => {
    const response = await call('POST', `/v2/jobs/${opening}/postings`, { language: 'de', contents: { de: content('Robotikingenieur'), en: content('Robotics engineer') }, channels: ['SHARE'] });
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(response.json().privacyNoticeMissing, []);
  });

  it('adding a Polish text to a published posting needs the confirmation too; other edits of that posting do not', async () => {
    const created = (await call('POST', `/v2/jobs/${opening}/postings`, { language: 'en', contents: { en: content('Robotics engineer') }, channels: ['SHARE'] })).json() as { _id: string };
    const url = `/v2/jobs/${opening}/postings/${created._id}`;
    const refused = await call('PATCH', url, { contents: { pl: content('Inżynier robotyki') } });
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal(refused.json().error, 'posting.privacyNoticeMissing');
    const added = await call('PATCH', url, { contents: { pl: content('Inżynier robotyki') }, confirmMissingPrivacyNotice: true });
    assert.equal(added.statusCode, 200, added.body);
    assert.deepEqual(added.json().privacyNoticeMissing, ['pl']);
    const edited = await call('PATCH', url, { contents: { pl: content('Inżynierka robotyki') }, employmentType: 'PART_TIME' });
    assert.equal(edited.statusCode, 200, edited.body);
  });

  it('the company resource names the languages it wrote a notice in, for the wizard to warn before publishing', async () => {
    const company = (await call('GET', `/v2/companies/${DEMO.companyId}`)).json() as { settings: { privacyNoticeLanguages: string[] } };
    assert.deepEqual(company.settings.privacyNoticeLanguages, ['fr', 'de', 'en']);
  });
});
