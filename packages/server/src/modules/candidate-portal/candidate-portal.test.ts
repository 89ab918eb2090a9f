import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import JSZip from 'jszip';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO } from '../../seed/demo-ids';
import { DEMO_STEPS } from '../../seed/demo-steps';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN, setCookieOf } from '../../testing/auth-helpers';
import { filesExist, giveStepFiles } from '../../testing/candidate-files';
import { multipartFile, SMALL_PDF } from '../../testing/multipart';
import { describeEachBackend } from '../../testing/test-database';
import { parseCalendar } from '../appointments/ics';
import { DAY } from '../auth/tokens';

describeEachBackend('candidate portal (issue 12)', (context) => {
  let t: AuthTestApp;
  let dataDir: string;
  let ip = 0;
  const email = `ines.${Date.now()}@example.org`;
  let candidateId = '';
  let accountId = '';
  const applicationIds: string[] = [];

  const inject = async (options: { method?: string; url: string; payload?: unknown; cookie?: string; headers?: Record<string, string> }) => {
    ip += 1;
    return t.app.inject({
      method: (options.method ?? 'GET') as 'GET',
      url: options.url,
      ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
      headers: { origin: OWN_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      remoteAddress: `10.44.${(ip >> 8) & 255}.${ip & 255}`,
    });
  };
  const asCandidate = async () => t.cookieFor(accountId);
  const asOwner = async () => t.cookieFor(DEMO_ACCOUNTS.owner.id);

  async function apply(channelId: string, submission: string) {
    ip += 1;
    const upload = await t.app.inject({
      method: 'POST',
      url: `/v2/storage?scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${channelId}`,
      remoteAddress: `10.45.0.${ip & 255}`,
      ...multipartFile('file', 'ines-cv.pdf', SMALL_PDF),
    });
    assert.equal(upload.statusCode, 201, upload.body);
    const response = await inject({
      method: 'POST',
      url: `/v2/offers/channel/${channelId}/applications`,
      payload: { submissionId: submission, firstName: 'Inès', lastName: 'Portal', email, cv: upload.json(), gdprConsent: true, language: 'fr' },
    });
    assert.equal(response.statusCode, 201, response.body);
  }

  before(async () => {
    dataDir = join((await import('node:os')).tmpdir(), `rec-portal-test-${Date.now()}`);
    t = await buildAuthTestApp(context.db, { config: { dataDir } });
    await apply(DEMO.sampleChannelId, `portal-a-${Date.now()}`);
    await apply(DEMO.shareChannelId, `portal-b-${Date.now()}`);
    await t.mails();
    const candidate = await context.db.selectFrom('candidates').select('id').where('email', '=', email).where('company_id', '=', DEMO.companyId).executeTakeFirstOrThrow();
    candidateId = candidate.id;
    accountId = (await context.db.selectFrom('accounts').select('id').where('email', '=', email).where('type', '=', 'applicant').executeTakeFirstOrThrow()).id;
    applicationIds.push(...(await context.db.selectFrom('applications').select('id').where('candidate_id', '=', candidateId).orderBy('created_at').execute()).map((row) => row.id));
  });
  after(async () => {
    await t.app.close();
  });

  it('shows the candidate their own record with both applications, and nobody else', async () => {
    const own = await inject({ url: `/v2/candidates/${candidateId}`, cookie: await asCandidate() });
    assert.equal(own.statusCode, 200, own.body);
    const record = own.json();
    assert.equal(record.personal.firstName, 'Inès');
    assert.equal(record.applications.length, 2);
    assert.equal(record.companyName, DEMO.companyName);
    assert.ok(record.applications.every((application: { status: string }) => ['submitted', 'inProgress', 'closed'].includes(application.status)));
    assert.equal(own.headers['cache-control'], 'private, no-store');

    // Camille (another applicant) does not see Inès; a recruiter is refused; nobody signed in gets 401.
    assert.equal((await inject({ url: `/v2/candidates/${candidateId}`, cookie: await t.cookieFor(DEMO_ACCOUNTS.applicant.id) })).statusCode, 404);
    assert.equal((await inject({ url: `/v2/candidates/${DEMO_STEPS.candidateId}`, cookie: await asCandidate() })).statusCode, 404);
    assert.equal((await inject({ url: `/v2/candidates/${candidateId}`, cookie: await asOwner() })).statusCode, 403);
    assert.equal((await inject({ url: `/v2/candidates/${candidateId}` })).statusCode, 401);
    assert.equal((await inject({ url: '/v2/candidates/not-an-id', cookie: await asCandidate() })).statusCode, 404);

    const list = await inject({ url: '/v2/applicants/candidatures', cookie: await asCandidate() });
    assert.deepEqual(list.json(), [{ candidateId, companyName: DEMO.companyName, applications: 2 }]);
  });

  it('corrects personal fields on the record and on the applications recruiters read', async () => {
    const response = await inject({ method: 'PATCH', url: `/v2/candidates/${candidateId}`, cookie: await asCandidate(), payload: { lastName: 'Portail', phone: '+352 621 000 000' } });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().personal.lastName, 'Portail');
    const forms = await context.db.selectFrom('applications').select('form').where('candidate_id', '=', candidateId).execute();
    assert.ok(forms.every((row) => row.form.lastName === 'Portail' && row.form.phone === '+352 621 000 000'));
    const bad = await inject({ method: 'PATCH', url: `/v2/candidates/${candidateId}`, cookie: await asCandidate(), payload: { email: 'x@example.org' } });
    assert.equal(bad.statusCode, 400);
  });

  it('renews the consent by the company months, from today', async () => {
    const before = (await inject({ url: `/v2/candidates/${candidateId}/consent`, cookie: await asCandidate() })).json();
    assert.equal(before.months, 12);
    assert.equal(before.expired, false);
    t.advance(200 * DAY);
    const renewed = await inject({ method: 'POST', url: `/v2/candidates/${candidateId}/consent`, cookie: await asCandidate(), payload: { renew: true } });
    assert.equal(renewed.statusCode, 200, renewed.body);
    assert.ok(new Date(renewed.json().expiresAt) > new Date(before.expiresAt), 'extended');
    assert.equal((await inject({ method: 'POST', url: `/v2/candidates/${candidateId}/consent`, cookie: await asCandidate(), payload: { renew: 'yes' } })).statusCode, 400);
  });

  it('downloads everything as one zip: data.json with the name, and the CVs', async () => {
    const response = await inject({ url: `/v2/candidates/${candidateId}/data.zip`, cookie: await asCandidate() });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/zip');
    const zip = await JSZip.loadAsync(response.rawPayload);
    const data = JSON.parse(await zip.file('data.json')!.async('string'));
    assert.equal(data.candidate.personal.firstName, 'Inès');
    assert.equal(data.applications.length, 2);
    const cvs = Object.keys(zip.files).filter((name) => name.startsWith('files/') && name.endsWith('-cv-ines-cv.pdf'));
    assert.equal(cvs.length, 2, Object.keys(zip.files).join());
    assert.deepEqual(await zip.file(cvs[0]!)!.async('nodebuffer'), SMALL_PDF);
  });

  it('sends a pending request whose link signs the candidate in on that application, once', async () => {
    const created = await inject({
      method: 'POST',
      url: `/v2/recruiter/candidates/${candidateId}/requests`,
      cookie: await asOwner(),
      payload: { applicationId: applicationIds[1], kind: 'document', message: 'Votre diplôme, svp.' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const viewer = await inject({ method: 'POST', url: `/v2/recruiter/candidates/${candidateId}/requests`, cookie: await t.cookieFor(DEMO_ACCOUNTS.viewer.id), payload: { applicationId: applicationIds[1], kind: 'document' } });
    assert.equal(viewer.statusCode, 403);
    const requests = (await inject({ url: `/v2/candidates/${candidateId}/pending-requests`, cookie: await asCandidate() })).json();
    assert.equal(requests.length, 1);
    assert.equal(requests[0].message, 'Votre diplôme, svp.');
    const mail = (await t.mails()).find((item) => item.to === email && item.links.some((link) => link.includes('/request/')));
    assert.ok(mail, 'request mail');
    assert.match(mail.subject, /Lumen/);
    const url = new URL(mail.links.find((link) => link.includes('/request/'))!);
    assert.equal(url.pathname, `/applicant/${candidateId}/request/${created.json()._id}`);
    const signIn = () => inject({ method: 'POST', url: `/v2/candidates/${candidateId}/pending-requests/${created.json()._id}/sign-in`, payload: { token: url.searchParams.get('token') } });
    const first = await signIn();
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().redirectTo, '/applicant/steps/next');
    assert.ok(setCookieOf(first), 'signed in');
    const current = await context.db.selectFrom('applicant_current_applications').select('application_id').where('account_id', '=', accountId).executeTakeFirstOrThrow();
    assert.equal(current.application_id, applicationIds[1]);
    assert.equal((await signIn()).statusCode, 401, 'single use');
  });

  it('books an offered slot from the invitation link: both get an .ics with the chosen time; rebook and cancel', async () => {
    const now = Date.now() + 210 * DAY;
    const slots = [new Date(now + 3 * DAY).toISOString(), new Date(now + 4 * DAY).toISOString()];
    const offered = await inject({
      method: 'POST',
      url: `/v2/recruiter/candidates/${candidateId}/appointments`,
      cookie: await asOwner(),
      payload: { applicationId: applicationIds[0], durationMinutes: 45, location: 'Esch-sur-Alzette, Lumen HQ', slots, timeZone: 'Europe/Luxembourg' },
    });
    assert.equal(offered.statusCode, 201, offered.body);
    const past = await inject({ method: 'POST', url: `/v2/recruiter/candidates/${candidateId}/appointments`, cookie: await asOwner(), payload: { applicationId: applicationIds[0], durationMinutes: 45, slots: ['2020-01-01T10:00:00.000Z'] } });
    assert.equal(past.statusCode, 422);
    const invitation = (await t.mails()).find((item) => item.to === email && item.links.some((link) => link.includes('/applicant/appointments/')));
    assert.ok(invitation);
    const token = invitation.links.find((link) => link.includes('/applicant/appointments/'))!.split('/').pop()!;
    const view = await inject({ url: `/v2/appointments/${token}` });
    assert.equal(view.statusCode, 200);
    assert.deepEqual(view.json().slots, slots);
    assert.equal((await inject({ url: `/v2/appointments/${'x'.repeat(43)}` })).statusCode, 404);

    const unknown = await inject({ method: 'POST', url: `/v2/appointments/${token}/book`, payload: { slot: new Date(now).toISOString() } });
    assert.equal(unknown.statusCode, 422);
    const booked = await inject({ method: 'POST', url: `/v2/appointments/${token}/book`, payload: { slot: slots[1], timeZone: 'America/New_York' } });
    assert.equal(booked.statusCode, 200, booked.body);
    assert.equal(booked.json().chosen, slots[1]);
    const mails = await t.mails();
    const confirmation = mails.find((item) => item.to === email && item.attachments.length > 0);
    assert.ok(confirmation, 'candidate confirmation with .ics');
    assert.match(confirmation.text, /America\/New_York/);
    const ics = parseCalendar(confirmation.attachments[0]!.content);
    assert.equal(ics.METHOD, 'REQUEST');
    assert.equal(ics.DTSTART, slots[1]!.replace(/[-:]/g, '').replace(/\.\d{3}/, ''));
    assert.equal(ics.LOCATION, 'Esch-sur-Alzette, Lumen HQ');
    const recruiterMail = mails.find((item) => item.to === DEMO_ACCOUNTS.owner.email && item.attachments.length > 0);
    assert.ok(recruiterMail, 'recruiter mail with .ics');

    const cancelled = await inject({ method: 'POST', url: `/v2/appointments/${token}/cancel` });
    assert.equal(cancelled.json().status, 'CANCELLED');
    const cancelMail = (await t.mails()).find((item) => item.to === email && item.attachments.some((file) => file.content.includes('METHOD:CANCEL')));
    assert.ok(cancelMail);
    assert.equal(parseCalendar(cancelMail.attachments[0]!.content).SEQUENCE, '1');
    assert.equal((await inject({ method: 'POST', url: `/v2/appointments/${token}/book`, payload: { slot: slots[0] } })).statusCode, 409);
  });

  it('removes the data with the mailed link: once, anonymised, files gone, audited without personal data', async () => {
    const keys = await context.db.selectFrom('uploads').innerJoin('applications', 'applications.cv_upload_id', 'uploads.id').select('uploads.storage_key').where('applications.candidate_id', '=', candidateId).execute();
    assert.equal(keys.length, 2);
    for (const key of keys) assert.ok(existsSync(join(dataDir, 'uploads', key.storage_key)), 'CV on disk before');
    const stepFiles = await giveStepFiles(t.app, context.db, DEMO.companyId, applicationIds[0]!);
    assert.deepEqual(await filesExist(t.app, stepFiles), { stepFile: true, video: true }, 'step file and interview answer stored before');
    const asked = await inject({ method: 'POST', url: `/v2/candidates/${candidateId}/removal-request`, cookie: await asCandidate() });
    assert.equal(asked.statusCode, 202);
    const mail = (await t.mails()).find((item) => item.to === email && item.links.some((link) => link.includes('/applicant/removeData/')));
    assert.ok(mail);
    const link = new URL(mail.links.find((item) => item.includes('/applicant/removeData/'))!);
    const [, , , token, slug] = link.pathname.split('/');
    assert.equal(slug, DEMO.companySlug);
    assert.equal(token!.length, 43, '256-bit token');
    const stored = await context.db.selectFrom('data_removal_tokens').select('token_hash').where('candidate_id', '=', candidateId).executeTakeFirstOrThrow();
    assert.notEqual(stored.token_hash, token, 'stored hashed');

    const removed = await inject({ method: 'POST', url: `/v2/applicants/removedata/${token}` });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal(removed.json().redirectTo, '/applicant/message?messageKey=dataRemoved');
    assert.equal((await inject({ method: 'POST', url: `/v2/applicants/removedata/${token}` })).statusCode, 404, 'single use');

    const applications = await context.db.selectFrom('applications').selectAll().where('candidate_id', '=', candidateId).execute();
    assert.equal(applications.length, 2, 'rows stay for the counts');
    assert.ok(applications.every((row) => row.anonymised_at && Object.keys(row.form).length === 0 && row.cv_upload_id === null));
    const candidate = await context.db.selectFrom('candidates').selectAll().where('id', '=', candidateId).executeTakeFirstOrThrow();
    assert.ok(!candidate.email.includes('ines'));
    for (const key of keys) assert.ok(!existsSync(join(dataDir, 'uploads', key.storage_key)), 'CV removed from disk');
    assert.deepEqual(await filesExist(t.app, stepFiles), { stepFile: false, video: false }, 'step file and interview answer removed from storage');
    assert.equal(Number((await context.db.selectFrom('interview_answers').select((eb) => eb.fn.countAll().as('n')).where('storage_key', '=', stepFiles.videoKey).executeTakeFirstOrThrow()).n), 0);
    const audit = await context.db.selectFrom('audit_log').selectAll().where('action', '=', 'candidate.dataRemoval').where('actor_id', '=', candidateId).executeTakeFirstOrThrow();
    assert.deepEqual(audit.details, { applications: 2, files: 4, via: 'removalLink' });
    assert.ok(!JSON.stringify(audit).includes('Inès') && !JSON.stringify(audit).includes(email));
    assert.ok((await t.mails()).some((item) => item.to === email && /supprimées|removed/.test(item.subject)), 'confirmation mail');
    // The recruiter's list shows the application without a name or a CV.
    assert.equal((await inject({ url: `/v2/candidates/${candidateId}`, cookie: await asCandidate() })).statusCode, 404);
  });
});
