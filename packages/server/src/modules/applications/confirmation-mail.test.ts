import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';
import type { OutgoingMail } from '../mail/mailer';
import { createCandidateNotifier } from './confirmation-mail';

describeEachBackend('candidate confirmation mail', (context) => {
  let t: AuthTestApp;
  before(async () => {
    t = await buildAuthTestApp(context.db);
  });
  after(() => t.app.close());

  it('is in the application language and carries a magic link that signs the candidate in once', async () => {
    const sent: OutgoingMail[] = [];
    const notify = createCandidateNotifier({
      auth: t.app.accounts.auth,
      mailer: { outboxDir: undefined, send: async (mail) => void sent.push(mail), close: async () => {} },
      publicUrl: 'http://rec.test',
    });
    const notice = {
      applicationId: '64b0aaaa0000000000000001',
      candidateId: '64b0aaaa0000000000000002',
      companyId: '64b0c0de0000000000000001',
      companyName: 'Lumen Robotics',
      email: 'Nouvelle.Candidate@Example.org',
      firstName: 'Léa',
      lastName: 'Martin',
      language: 'fr' as const,
      offerTitle: 'Technicien·ne de maintenance',
      offerUrl: 'http://rec.test/offer/c/64b0c4a10000000000000001',
    };
    await notify(notice);
    const [mail] = sent;
    assert.equal(sent.length, 1);
    assert.equal(mail?.to, notice.email);
    assert.equal(mail?.subject, 'Votre candidature pour Technicien·ne de maintenance');
    assert.match(mail?.text ?? '', /^Bonjour Léa,/);
    assert.ok(mail?.text.includes('http://rec.test/login/magic-link?email=Nouvelle.Candidate%40Example.org'), 'says where to ask for a new link');
    const token = /\/login\/token\/([\w-]{43})/.exec(mail?.text ?? '')?.[1];
    assert.ok(token, 'a magic link');

    const authorize = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/applicants-auth/authorize',
        headers: { 'content-type': 'application/json', origin: OWN_ORIGIN },
        payload: JSON.stringify({ token: value }),
      });
    const first = await authorize(token);
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), { email: 'nouvelle.candidate@example.org' });
    assert.equal((await authorize(token)).statusCode, 401, 'single use');

    // A second application by the same person reuses the applicant account.
    await notify({ ...notice, applicationId: '64b0aaaa0000000000000003' });
    const accounts = await context.db.selectFrom('accounts').select('id').where('email', '=', 'nouvelle.candidate@example.org').execute();
    assert.equal(accounts.length, 1);
  });
});
