import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { filesExist, giveStepFiles } from '../../testing/candidate-files';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';
import { describeEachBackend } from '../../testing/test-database';
import { SYSTEM_ACTOR } from '../audit/audit-log';
import { DAY } from '../auth/tokens';
import { dailyPeriod } from '../jobs/job-runs';
import { createScheduler } from '../jobs/scheduler';
import { createRetentionJob, RETENTION_JOB } from './retention';

describeEachBackend('retention job (issue 12)', (context) => {
  let t: AuthTestApp;
  const dataDir = join(tmpdir(), `rec-retention-test-${Date.now()}`);
  let ip = 0;

  async function apply(email: string): Promise<{ candidateId: string; storageKey: string }> {
    ip += 1;
    const upload = await t.app.inject({
      method: 'POST',
      url: `/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`,
      remoteAddress: `10.46.0.${ip}`,
      ...multipartFile('file', 'cv.pdf', SMALL_PDF),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      headers: { origin: OWN_ORIGIN },
      remoteAddress: `10.46.1.${ip}`,
      payload: { submissionId: `retention-${ip}-${Date.now()}`, firstName: 'Rita', lastName: 'Retention', email, cv: upload.json(), gdprConsent: true },
    });
    assert.equal(response.statusCode, 201, response.body);
    const row = await context.db
      .selectFrom('applications')
      .innerJoin('candidates', 'candidates.id', 'applications.candidate_id')
      .innerJoin('uploads', 'uploads.id', 'applications.cv_upload_id')
      .select(['candidates.id as candidateId', 'uploads.storage_key as storageKey'])
      .where('candidates.email', '=', email)
      .executeTakeFirstOrThrow();
    return row;
  }

  before(async () => {
    t = await buildAuthTestApp(context.db, { config: { dataDir } });
  });
  after(async () => {
    await t.app.close();
  });

  it('runs once a day across instances, reminds a month before the consent ends, then removes expired candidates and old applications', async () => {
    const start = new Date();
    const stamp = Date.now();
    const renewing = await apply(`renewing.${stamp}@example.org`);
    const lapsing = await apply(`lapsing.${stamp}@example.org`);
    await t.mails();
    const at = (days: number) => new Date(start.getTime() + days * DAY);
    // The demo's other candidates keep their consent for this test: only ours are followed.
    await context.db.updateTable('candidates').set({ consent_expires_at: at(5000) }).where('id', 'not in', [renewing.candidateId, lapsing.candidateId]).execute();
    // Two instances of the job on the same database (another "server"): only one runs a day.
    const other = createRetentionJob({
      db: context.db,
      audit: { record: async () => '' } as never,
      mailer: { send: async () => assert.fail('the other instance must not run'), outboxDir: undefined, close: async () => {} },
      now: () => at(10),
      publicUrl: 'http://rec.test',
      retentionDays: 730,
      removeFiles: async () => {},
      log: { error: () => {} },
    });

    // Day 10: nothing is due (the demo data is younger than its company's retention, consents are fresh).
    const day10 = await t.app.retention.runOnce(at(10));
    assert.equal(day10.ran, true);
    assert.equal((await other.runOnce(at(10))).ran, false, 'claimed once per day');

    // Day 340 (a month before 12 months end): both are asked to renew, once.
    const day340 = await t.app.retention.runOnce(at(340));
    assert.ok(day340.reminders >= 2);
    const reminders = (await t.mails()).filter((mail) => mail.links.some((link) => link.endsWith(`/applicant/${renewing.candidateId}`) || link.endsWith(`/applicant/${lapsing.candidateId}`)));
    assert.equal(reminders.length, 2);
    assert.equal((await t.app.retention.runOnce(at(341))).reminders, 0, 'not asked twice');

    // The first renews (from day 345 on): 12 more months.
    await context.db.updateTable('candidates').set({ consent_expires_at: at(345 + 365), consent_reminded_at: null }).where('id', '=', renewing.candidateId).execute();

    // Day 370: the consent of the second has ended: removed, its CV gone; the renewed one stays.
    assert.ok(existsSync(join(dataDir, 'uploads', lapsing.storageKey)));
    const lapsingApplication = await context.db.selectFrom('applications').select('id').where('candidate_id', '=', lapsing.candidateId).executeTakeFirstOrThrow();
    const stepFiles = await giveStepFiles(t.app, context.db, DEMO.companyId, lapsingApplication.id);
    assert.deepEqual(await filesExist(t.app, stepFiles), { stepFile: true, video: true });
    const day370 = await t.app.retention.runOnce(at(370));
    assert.ok(day370.candidates >= 1);
    const lapsed = await context.db.selectFrom('candidates').select(['anonymised_at', 'email']).where('id', '=', lapsing.candidateId).executeTakeFirstOrThrow();
    assert.ok(lapsed.anonymised_at);
    assert.ok(!lapsed.email.includes('lapsing'));
    assert.ok(!existsSync(join(dataDir, 'uploads', lapsing.storageKey)), 'file removed');
    assert.deepEqual(await filesExist(t.app, stepFiles), { stepFile: false, video: false }, 'step file and interview answer removed from storage');
    const kept = await context.db.selectFrom('candidates').select('anonymised_at').where('id', '=', renewing.candidateId).executeTakeFirstOrThrow();
    assert.equal(kept.anonymised_at, null);
    const applicationsCount = await context.db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n')).where('candidate_id', '=', lapsing.candidateId).executeTakeFirstOrThrow();
    assert.equal(Number(applicationsCount.n), 1, 'the application row stays for the counts');

    // A company with 30 retention days: on day 400 the renewed candidate's application is older than that.
    await context.db.updateTable('companies').set({ settings: { ...(await companySettings()), retentionDays: 30 } }).where('id', '=', DEMO.companyId).execute();
    const day400 = await t.app.retention.runOnce(at(400));
    assert.ok(day400.applications >= 1);
    const renewedApplication = await context.db.selectFrom('applications').select(['anonymised_at', 'form']).where('candidate_id', '=', renewing.candidateId).executeTakeFirstOrThrow();
    assert.ok(renewedApplication.anonymised_at);
    assert.deepEqual(renewedApplication.form, {});

    const audit = await context.db.selectFrom('audit_log').selectAll().where('action', '=', 'retention.run').where('company_id', '=', DEMO.companyId).orderBy('created_at').execute();
    assert.ok(audit.length >= 3);
    assert.ok(audit.every((entry) => entry.actor_id === SYSTEM_ACTOR));
    assert.ok(!JSON.stringify(audit).includes('@example.org'), 'no personal data in the audit');
  });

  it('runs through the scheduler once a day, sharing the day’s claim with runOnce (one run per day across instances)', async () => {
    // A day no other test uses: the claim is fresh.
    const day = new Date(Date.UTC(2031, 0, 15, 3));
    const runs: Date[] = [];
    const schedulers = [0, 1].map((index) =>
      createScheduler({ db: context.db, log: { info: () => {}, error: () => {} }, now: () => day, instance: `retention-test-${index}` }),
    );
    for (const scheduler of schedulers) {
      scheduler.register(RETENTION_JOB, dailyPeriod, async () => {
        runs.push(day);
        return t.app.retention.run(day);
      });
    }
    assert.deepEqual(await schedulers[0]!.runDue(), [RETENTION_JOB]);
    assert.deepEqual(await schedulers[1]!.runDue(), [], 'the other instance finds the day claimed');
    assert.equal(runs.length, 1);
    assert.equal((await t.app.retention.runOnce(day)).ran, false, 'runOnce shares the claim');
  });

  async function companySettings() {
    return (await context.db.selectFrom('companies').select('settings').where('id', '=', DEMO.companyId).executeTakeFirstOrThrow()).settings;
  }
});
