import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import JSZip from 'jszip';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { candidateOfApplication } from '../../testing/application-candidate';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';
import { describeEachBackend } from '../../testing/test-database';
import { DAY } from '../auth/tokens';

/**
 * Issue 25, item 7: a candidate reads the title of the posting they applied to, in their
 * application's language; never the opening's internal title. The sample offer's opening gets an
 * internal title no posting carries; a German candidate then walks every candidate-facing surface.
 */
describeEachBackend('the job title candidates read', (context) => {
  let t: AuthTestApp;
  let ip = 0;
  const run = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const internal = `INTERN ${run} Embedded SW (réf. 2026-14, budget B)`;
  const email = `karl.${run}@example.org`;
  let germanTitle = '';
  let candidateId = '';
  let applicationId = '';
  let openingId = '';

  const inject = (options: { method?: string; url: string; payload?: unknown; cookie?: string }) => {
    ip += 1;
    return t.app.inject({
      method: (options.method ?? 'GET') as 'GET',
      url: options.url,
      ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
      headers: { origin: OWN_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
      remoteAddress: `10.46.${(ip >> 8) & 255}.${ip & 255}`,
    });
  };
  const asOwner = () => t.cookieFor(DEMO_ACCOUNTS.owner.id);
  const mailsToCandidate = async () => (await t.mails()).filter((mail) => mail.to === email);
  const withoutInternal = (surface: string, text: string) => assert.ok(!text.includes(internal), `${surface} shows the internal title: ${text.slice(0, 300)}`);

  before(async () => {
    t = await buildAuthTestApp(context.db, { config: { dataDir: join(tmpdir(), `rec-title-test-${run}`) } });
    const channel = await context.db
      .selectFrom('channels as ch')
      .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'ch.company_id').onRef('p.id', '=', 'ch.posting_id'))
      .select(['p.id as posting_id', 'p.opening_id'])
      .where('ch.id', '=', DEMO.sampleChannelId)
      .executeTakeFirstOrThrow();
    openingId = channel.opening_id;
    await context.db.updateTable('openings').set({ title: internal }).where('company_id', '=', DEMO.companyId).where('id', '=', openingId).execute();
    germanTitle = (
      await context.db.selectFrom('posting_contents').select('title').where('posting_id', '=', channel.posting_id).where('language', '=', 'de').executeTakeFirstOrThrow()
    ).title;

    const upload = await t.app.inject({ method: 'POST', url: `/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`, ...multipartFile('file', 'cv.pdf', SMALL_PDF) });
    const applied = await inject({
      method: 'POST',
      url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
      payload: { submissionId: `title-${run}`, firstName: 'Karl', lastName: 'Titel', email, drivingLicenses: ['B'], hasWorkPermit: 'yes', cv: upload.json(), gdprConsent: true, language: 'de' },
    });
    assert.equal(applied.statusCode, 201, applied.body);
    applicationId = applied.json().applicationId;
    candidateId = await candidateOfApplication(context.db, applicationId);
  });
  after(() => t.app.close());

  it('the confirmation mail names the German posting title', async () => {
    const [mail] = await mailsToCandidate();
    assert.ok(mail);
    assert.ok(mail.subject.includes(germanTitle), mail.subject);
    withoutInternal('confirmation mail', `${mail.subject}\n${mail.text}\n${mail.html ?? ''}`);
  });

  it('the portal record, its pending request and its mail, and the data export name the posting title', async () => {
    const account = await context.db.selectFrom('accounts').select('id').where('email', '=', email).where('type', '=', 'applicant').executeTakeFirstOrThrow();
    const candidate = await t.cookieFor(account.id);
    const record = await inject({ url: `/v2/candidates/${candidateId}`, cookie: candidate });
    assert.equal(record.statusCode, 200, record.body);
    assert.ok(record.body.includes(germanTitle));
    withoutInternal('portal record', record.body);

    const request = await inject({ method: 'POST', url: `/v2/recruiter/candidates/${candidateId}/requests`, cookie: await asOwner(), payload: { applicationId, kind: 'document', message: 'Ihr Diplom, bitte.' } });
    assert.equal(request.statusCode, 201, request.body);
    const pending = await inject({ url: `/v2/candidates/${candidateId}/pending-requests`, cookie: candidate });
    assert.ok(pending.body.includes(germanTitle), pending.body);
    withoutInternal('pending requests', pending.body);

    const zip = await JSZip.loadAsync((await inject({ url: `/v2/candidates/${candidateId}/data.zip`, cookie: candidate })).rawPayload);
    const data = await zip.file('data.json')!.async('string');
    assert.ok(data.includes(germanTitle));
    withoutInternal('data export', data);
  });

  it('the appointment invitation, page, booking mails and calendar file name the posting title', async () => {
    const slot = new Date(Date.now() + 3 * DAY).toISOString();
    const offered = await inject({ method: 'POST', url: `/v2/recruiter/candidates/${candidateId}/appointments`, cookie: await asOwner(), payload: { applicationId, durationMinutes: 30, slots: [slot], timeZone: 'Europe/Berlin' } });
    assert.equal(offered.statusCode, 201, offered.body);
    const invitation = (await mailsToCandidate()).find((mail) => mail.links.some((link) => link.includes('/applicant/appointments/')));
    assert.ok(invitation);
    const token = invitation.links.find((link) => link.includes('/applicant/appointments/'))!.split('/').pop()!;
    const page = await inject({ url: `/v2/appointments/${token}` });
    assert.equal(page.json().openingTitle, germanTitle);
    const booked = await inject({ method: 'POST', url: `/v2/appointments/${token}/book`, payload: { slot } });
    assert.equal(booked.statusCode, 200, booked.body);
    const mails = await mailsToCandidate();
    const confirmation = mails.find((mail) => mail.attachments.length > 0);
    assert.ok(confirmation?.attachments[0]?.content.includes(germanTitle), 'the calendar event is named after the posting');
    for (const mail of mails) withoutInternal(`mail "${mail.subject}"`, `${mail.subject}\n${mail.text}\n${mail.html ?? ''}\n${mail.attachments.map((file) => file.content).join('\n')}`);
  });

  it('the rejection mail (its draft and the mail sent) names the posting title', async () => {
    const draft = await inject({ url: `/v2/recruiter/openings/${openingId}/applications/${applicationId}/reject-mail`, cookie: await asOwner() });
    assert.equal(draft.statusCode, 200, draft.body);
    assert.ok(draft.body.includes(germanTitle), draft.body);
    withoutInternal('rejection draft', draft.body);
    const rejected = await inject({ method: 'POST', url: `/v2/recruiter/openings/${openingId}/applications/${applicationId}/reject`, cookie: await asOwner(), payload: { reason: 'POSITION_FILLED', defaultMail: true } });
    assert.equal(rejected.statusCode, 200, rejected.body);
    const sent = (await mailsToCandidate()).at(0);
    assert.ok(sent && `${sent.subject}\n${sent.text}`.includes(germanTitle), sent?.subject);
    for (const mail of await mailsToCandidate()) withoutInternal(`mail "${mail.subject}"`, `${mail.subject}\n${mail.text}\n${mail.html ?? ''}`);
  });
});
