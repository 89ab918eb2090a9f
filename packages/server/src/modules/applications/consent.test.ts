import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type Offer, pickPrivacyNotice } from '@rec/core';
import { DEMO } from '../../seed/demo-ids';
import { describeEachBackend } from '../../testing/test-database';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';

describeEachBackend('the consent stored with an application (issue 25)', (context) => {
  let counter = 0;
  const run = Math.random().toString(36).slice(2, 8);

  async function cv(): Promise<{ url: string; name: string }> {
    const { payload, headers } = multipartFile('file', 'cv.pdf', SMALL_PDF);
    const response = await context.app.inject({ method: 'POST', url: `/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`, payload, headers });
    assert.equal(response.statusCode, 201, response.body);
    return response.json();
  }

  /** The offer as the apply form reads it for a visitor in `language`. */
  async function offerFor(language: string): Promise<Offer> {
    const response = await context.app.inject({ url: `/v2/offers/channel/${DEMO.sampleChannelId}?language=${language}` });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  }

  async function apply(extra: Record<string, unknown>) {
    counter += 1;
    const body = {
      submissionId: `consent-${run}-${counter}-${Date.now()}`,
      firstName: 'Jonas',
      lastName: 'Weber',
      email: `jonas.weber.${run}.${counter}@example.org`,
      drivingLicenses: ['B'],
      hasWorkPermit: 'yes',
      cv: await cv(),
      gdprConsent: true,
      ...extra,
    };
    return context.app.inject({ method: 'POST', url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`, payload: body });
  }

  const storedConsent = (applicationId: string) =>
    context.db.selectFrom('applications').select(['consent_text', 'consent_language', 'consent_version', 'language']).where('id', '=', applicationId).executeTakeFirstOrThrow();

  it('a German visitor on a French offer: the consent stored is the German notice the form showed, its language and version', async () => {
    const offer = await offerFor('de');
    // The demo offer is French first; the German page shows the German notice.
    const shown = pickPrivacyNotice(offer.company?.privacyNotices ?? [], ['de', offer.language]);
    assert.equal(shown?.language, 'de');
    const response = await apply({ language: 'de', privacyNotice: { language: shown?.language, version: shown?.version } });
    assert.equal(response.statusCode, 201, response.body);
    const stored = await storedConsent(response.json().applicationId);
    assert.deepEqual(stored, { consent_text: shown?.text, consent_language: 'de', consent_version: shown?.version, language: 'de' });
    assert.match(stored.consent_text, /Lumen Robotics verarbeitet Ihre Daten/);
  });

  it('a Polish visitor under the English notice (no Polish one): the English text, language and version are stored, not the offer’s French', async () => {
    const offer = await offerFor('pl');
    const english = offer.company?.privacyNotices?.find((notice) => notice.language === 'en');
    assert.ok(english);
    const response = await apply({ language: 'pl', privacyNotice: { language: 'en', version: english.version } });
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(await storedConsent(response.json().applicationId), { consent_text: english.text, consent_language: 'en', consent_version: english.version, language: 'pl' });
  });

  it('a notice the company no longer has (edited since the page opened, or made up) is refused on the consent field, nothing stored', async () => {
    const before = await context.db.selectFrom('applications').select(context.db.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    for (const privacyNotice of [
      { language: 'de', version: '0123456789abcdef' },
      { language: 'pl', version: (await offerFor('de')).company?.privacyNotices?.[0]?.version },
    ]) {
      const response = await apply({ language: 'de', privacyNotice });
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual(response.json().fields, { gdprConsent: 'apply.privacyNoticeChanged' });
    }
    const malformed = await apply({ language: 'de', privacyNotice: { language: 'de', version: 'not-a-version' } });
    assert.equal(malformed.statusCode, 400);
    const after = await context.db.selectFrom('applications').select(context.db.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    assert.equal(Number(after.count), Number(before.count));
  });

  it('a form that names no notice (an older widget) stores the notice of the application’s language by the same rule', async () => {
    const response = await apply({ language: 'en' });
    assert.equal(response.statusCode, 201, response.body);
    const stored = await storedConsent(response.json().applicationId);
    assert.equal(stored.consent_language, 'en');
    assert.match(stored.consent_text, /^Lumen Robotics processes your data/);
  });
});
