import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { DEMO_STEPS } from '../../seed/demo-steps';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';
import { describeEachBackend } from '../../testing/test-database';
import { DAY } from '../auth/tokens';
import { DIGEST_JOB } from './application-mails';

describeEachBackend('recruiter notifications (issue 13)', (context) => {
  let t: AuthTestApp;
  let ip = 0;
  const cookies: Record<string, string> = {};
  const call = async (who: 'owner' | 'viewer' | 'otherOwner', method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: { origin: OWN_ORIGIN, cookie: cookies[who]! }, ...(payload ? { payload } : {}) });
  const prefer = async (who: 'owner' | 'viewer' | 'otherOwner', newApplications: string, mentions = true) => {
    const saved = await call(who, 'PUT', '/v2/recruiter/me/notifications', { newApplications, mentions });
    assert.equal(saved.statusCode, 200, saved.body);
  };
  const mailsTo = async (email: string, subject: RegExp) => (await t.mails()).filter((mail) => mail.to === email && subject.test(mail.subject));

  async function apply(lastName: string): Promise<string> {
    ip += 1;
    const upload = await t.app.inject({
      method: 'POST',
      url: `/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`,
      remoteAddress: `10.47.0.${ip}`,
      ...multipartFile('file', 'cv.pdf', SMALL_PDF),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      headers: { origin: OWN_ORIGIN },
      remoteAddress: `10.47.1.${ip}`,
      payload: { submissionId: `notify-${ip}-${Date.now()}`, firstName: 'Nina', lastName, email: `nina.${lastName.toLowerCase()}.${Date.now()}@example.org`, cv: upload.json(), gdprConsent: true },
    });
    assert.equal(response.statusCode, 201, response.body);
    await t.mails();
    return lastName;
  }

  before(async () => {
    t = await buildAuthTestApp(context.db);
    for (const who of ['owner', 'viewer', 'otherOwner'] as const) cookies[who] = await t.cookieFor(DEMO_ACCOUNTS[who].id);
  });
  after(async () => {
    await t.app.close();
  });

  it('keeps each recruiter’s own preferences, defaults first, and refuses bad input', async () => {
    assert.deepEqual((await call('viewer', 'GET', '/v2/recruiter/me/notifications')).json(), { newApplications: 'never', mentions: true }, 'opt-in by default');
    await prefer('viewer', 'daily', false);
    assert.deepEqual((await call('viewer', 'GET', '/v2/recruiter/me/notifications')).json(), { newApplications: 'daily', mentions: false });
    assert.deepEqual((await call('owner', 'GET', '/v2/recruiter/me/notifications')).json(), { newApplications: 'never', mentions: true }, 'another recruiter is untouched');
    for (const payload of [{}, { newApplications: 'weekly', mentions: true }, { newApplications: 'each', mentions: 'yes' }, { newApplications: 'each' }]) {
      assert.equal((await call('viewer', 'PUT', '/v2/recruiter/me/notifications', payload)).statusCode, 400, JSON.stringify(payload));
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/v2/recruiter/me/notifications' })).statusCode, 401);
    await prefer('viewer', 'each', true);
  });

  it('mails a new application at once to the company’s recruiters who chose so, in their language, and to no one else', async () => {
    await prefer('owner', 'each');
    await prefer('viewer', 'never');
    await prefer('otherOwner', 'each');
    // Lumen's default logo (as the logos module keeps it): it heads the HTML of its mails.
    const logo = { url: 'http://rec.test/v2/logos/64b0c0de00000000000000aa', width: 400, height: 120 };
    const settings = (await context.db.selectFrom('companies').select('settings').where('id', '=', DEMO.companyId).executeTakeFirstOrThrow()).settings;
    await context.db.updateTable('companies').set({ settings: { ...settings, logoImage: logo } }).where('id', '=', DEMO.companyId).execute();
    const name = await apply('Immediate');
    const owner = await mailsTo(DEMO_ACCOUNTS.owner.email, new RegExp(`Nina ${name}`));
    assert.equal(owner.length, 1);
    assert.match(owner[0]!.subject, /^Nouvelle candidature/, 'in the owner’s French');
    assert.ok(owner[0]!.links.some((link) => /\/recruiter\/openings\/[0-9a-f]{24}\/candidates\/[0-9a-f]{24}$/.test(link)));
    // 400 x 120 scaled into the 200 x 48 box: 160 x 48.
    assert.match(owner[0]!.html ?? '', /<img src="http:\/\/rec\.test\/v2\/logos\/64b0c0de00000000000000aa" width="160" height="48" alt="[^"]+"/);
    const candidateMail = (await t.mails()).find((mail) => mail.to.startsWith(`nina.${name.toLowerCase()}.`));
    assert.ok(candidateMail, 'the candidate’s confirmation');
    assert.match(candidateMail.html ?? '', /<img src="http:\/\/rec\.test\/v2\/logos\/64b0c0de00000000000000aa" width="160" height="48"/, 'the candidate mail carries the logo too');
    assert.equal((await mailsTo(DEMO_ACCOUNTS.viewer.email, new RegExp(`Nina ${name}`))).length, 0, 'the viewer chose never');
    assert.equal((await mailsTo(DEMO_ACCOUNTS.otherOwner.email, new RegExp(`Nina ${name}`))).length, 0, 'another company hears nothing');

    // An event relayed from another instance was mailed there: not twice.
    const application = await context.db.selectFrom('applications').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const before = (await mailsTo(DEMO_ACCOUNTS.owner.email, /Nina/)).length;
    t.app.domainEvents.deliverRemote({ type: 'APPLICATION_CREATED', companyId: DEMO.companyId, openingId: DEMO_STEPS.openingId, applicationId: application.id });
    assert.equal((await mailsTo(DEMO_ACCOUNTS.owner.email, /Nina/)).length, before);
  });

  it('sends the daily digest once a day to those who chose it, with counts only', async () => {
    await prefer('owner', 'never');
    await prefer('viewer', 'daily');
    const name = await apply('Digest');
    assert.equal((await mailsTo(DEMO_ACCOUNTS.viewer.email, new RegExp(`Nina ${name}`))).length, 0, 'not at once');
    // Yesterday's application (the digest covers the UTC day before).
    await context.db
      .updateTable('applications')
      // created_at is the database's own column (never set by the app): the test moves it back a day.
      .set({ created_at: new Date(Date.now() - DAY) as never })
      .where('form', '@>', JSON.stringify({ lastName: name }) as never)
      .execute();
    const ran = await t.app.scheduler.runDue();
    assert.ok(ran.includes(DIGEST_JOB));
    const digests = await mailsTo(DEMO_ACCOUNTS.viewer.email, /daily summary/);
    assert.equal(digests.length, 1);
    assert.ok(!digests[0]!.text.includes(name), 'no candidate named in a digest');
    assert.equal((await mailsTo(DEMO_ACCOUNTS.owner.email, /résumé du jour/)).length, 0, 'the owner chose never');
    assert.ok(!(await t.app.scheduler.runDue()).includes(DIGEST_JOB), 'once a day');
  });

  it('mails a mention only to colleagues who keep mention mails on', async () => {
    const base = `/v2/recruiter/openings/${DEMO_STEPS.openingId}/candidates/${DEMO_STEPS.candidateId}/notes`;
    const viewerName = `${DEMO_ACCOUNTS.viewer.firstName} ${DEMO_ACCOUNTS.viewer.lastName}`;
    await prefer('viewer', 'never', false);
    const quiet = await call('owner', 'POST', base, { text: `Quiet @${viewerName}`, mentions: [DEMO_ACCOUNTS.viewer.id] });
    assert.equal(quiet.statusCode, 201, quiet.body);
    assert.equal((await mailsTo(DEMO_ACCOUNTS.viewer.email, /mentioned you/)).length, 0);
    await prefer('viewer', 'never', true);
    await call('owner', 'POST', base, { text: `Loud @${viewerName}`, mentions: [DEMO_ACCOUNTS.viewer.id] });
    assert.equal((await mailsTo(DEMO_ACCOUNTS.viewer.email, /mentioned you/)).length, 1);
  });
});
