import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp } from '../../testing/auth-helpers';
import { uploadCv } from '../../testing/candidate';
import { describeEachBackend } from '../../testing/test-database';

/**
 * Issue 24 (M1): anyone may type anyone's e-mail. An application with the e-mail of an existing
 * candidate used to overwrite that person's name and phone, answer their candidate id (an oracle:
 * "this address applied here"), and have mails greet the attacker's name.
 */
describeEachBackend('an application never changes an existing candidate (issue 24, M1)', (context) => {
  let t: AuthTestApp;
  let address = 0;
  before(async () => {
    t = await buildAuthTestApp(context.db);
  });
  after(() => t.app.close());

  async function apply(email: string, firstName: string, lastName: string, phone: string) {
    const cv = await uploadCv(t.app);
    address += 1;
    return t.app.inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      payload: { submissionId: `existing-${Date.now()}-${address}`, firstName, lastName, email, phone, cv, gdprConsent: true },
      remoteAddress: `10.95.0.${address}`,
    });
  }
  const candidateOf = (email: string) => context.db.selectFrom('candidates').selectAll().where('company_id', '=', DEMO.companyId).where('email', '=', email).executeTakeFirstOrThrow();

  it('keeps the stored name and phone; the second application keeps what it said on itself', async () => {
    const email = `lea.existing.${Date.now()}@example.org`;
    assert.equal((await apply(email, 'Léa', 'Roth', '+352 621 000 001')).statusCode, 201);
    const before = await candidateOf(email);
    const second = await apply(email, 'Mallory', 'Attacker', '+352 999 999 999');
    assert.equal(second.statusCode, 201, second.body);
    const after = await candidateOf(email);
    assert.deepEqual(after.data, before.data, 'the candidate’s stored data is unchanged');
    assert.equal(after.id, before.id, 'the same person');
    const application = await context.db.selectFrom('applications').select(['form', 'candidate_id']).where('id', '=', second.json().applicationId).executeTakeFirstOrThrow();
    assert.equal(application.candidate_id, before.id);
    assert.equal((application.form as { firstName: string }).firstName, 'Mallory', 'the application keeps what it said');
  });

  it('answers an existing e-mail exactly like a new one: no candidate id', async () => {
    const email = `noah.existing.${Date.now()}@example.org`;
    const first = await apply(email, 'Noah', 'Berg', '');
    const again = await apply(email, 'Other', 'Person', '');
    const fresh = await apply(`nobody.${Date.now()}@example.org`, 'New', 'Person', '');
    for (const response of [first, again, fresh]) {
      assert.equal(response.statusCode, 201);
      assert.deepEqual(Object.keys(response.json()).filter((key) => key !== 'stepsToken').sort(), ['applicationId', 'created']);
      assert.ok(!response.body.includes('candidate'), response.body);
    }
  });

  it('greets the address’s owner by their stored name in the confirmation mail, not the name typed by the second applicant', async () => {
    const email = `mia.existing.${Date.now()}@example.org`;
    await apply(email, 'Mia', 'Klein', '');
    await apply(email, 'Mallory', 'Attacker', '');
    const mails = (await t.mails()).filter((mail) => mail.to === email);
    assert.equal(mails.length, 2);
    for (const mail of mails) {
      assert.ok(!mail.text.includes('Mallory') && !mail.subject.includes('Mallory'), mail.text);
      assert.ok(mail.text.includes('Mia'), mail.text);
    }
  });
});
