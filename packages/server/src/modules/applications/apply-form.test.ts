import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { type ApplicantResource, DEFAULT_APPLY_FORM, type OpeningResource, type PageOf } from '@rec/core';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { type UploadedCv, uploadCv } from '../../testing/candidate';
import { describeEachBackend } from '../../testing/test-database';

/** Issue 9, items 10 and 14: the per-opening apply form, enforced by the server, and who reads sensitive answers. */
describeEachBackend('the configurable apply form', (context) => {
  let t: AuthTestApp;
  let owner = '';
  let viewer = '';
  let openingId = '';
  let counter = 0;
  const run = Math.random().toString(36).slice(2, 8);

  before(async () => {
    t = await buildAuthTestApp(context.db);
    owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
    viewer = await t.cookieFor(DEMO_ACCOUNTS.viewer.id);
    const row = await context.db
      .selectFrom('channels as c')
      .innerJoin('postings as p', 'p.id', 'c.posting_id')
      .select('p.opening_id')
      .where('c.id', '=', DEMO.sampleChannelId)
      .executeTakeFirstOrThrow();
    openingId = row.opening_id;
  });

  const call = (cookie: string, method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: OWN_ORIGIN }, ...(payload ? { payload } : {}) });
  const apply = (body: object) => t.app.inject({ method: 'POST', url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`, payload: body });
  const offer = async () => (await t.app.inject({ url: `/v2/offers/channel/${DEMO.sampleChannelId}` })).json();
  const configure = async (applyForm: object) => {
    const response = await call(owner, 'PATCH', `/v2/jobs/${openingId}`, { applyForm });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as OpeningResource;
  };
  function form(extra: Record<string, unknown> = {}) {
    counter += 1;
    return {
      submissionId: `apply-form-${run}-${counter}`,
      firstName: 'Ana',
      lastName: 'Silva',
      email: `ana.${run}.${counter}@example.org`,
      gdprConsent: true,
      ...extra,
    };
  }
  const stored = async (applicationId: string) =>
    (await context.db.selectFrom('applications').select(['form', 'cover_letter_upload_id']).where('id', '=', applicationId).executeTakeFirstOrThrow()) as {
      form: Record<string, unknown>;
      cover_letter_upload_id: string | null;
    };

  it('answers the defaults with the opening and the public offer: name, email, phone, CV, cover letter, profile URL; sensitive fields hidden', async () => {
    assert.deepEqual((await offer()).applyForm, DEFAULT_APPLY_FORM);
    const opening = (await call(owner, 'GET', `/v2/jobs/${openingId}`)).json() as OpeningResource;
    assert.deepEqual(opening.applyForm, DEFAULT_APPLY_FORM);
    for (const field of ['nationality', 'birthDate', 'gender', 'address', 'salary', 'drivingLicenses', 'hasWorkPermit'] as const) assert.equal(DEFAULT_APPLY_FORM[field], 'hidden');
    for (const field of ['phone', 'cv', 'coverLetter', 'profileUrl'] as const) assert.equal(DEFAULT_APPLY_FORM[field], 'optional');
  });

  it('seeds engineering roles with the defaults, and the field technician with driving licences and a work permit', async () => {
    const technician = (await t.app.inject({ url: `/v2/offers/channel/${demoId(DEMO_PREFIX.channel, 0x02)}` })).json();
    assert.deepEqual(technician.applyForm, { ...DEFAULT_APPLY_FORM, drivingLicenses: 'required', hasWorkPermit: 'required', cv: 'required' });
    const dataScientist = (await t.app.inject({ url: `/v2/offers/channel/${demoId(DEMO_PREFIX.channel, 0x04)}` })).json();
    assert.deepEqual(dataScientist.applyForm, DEFAULT_APPLY_FORM);
  });

  it('ignores hidden fields: a value sent for one (even a malformed one) is dropped, never stored', async () => {
    const response = await apply(form({ nationality: 'Luxembourgish', birthDate: '99/99/1990', gender: 'female', salary: '90000', drivingLicenses: ['B'], hasWorkPermit: 'yes' }));
    assert.equal(response.statusCode, 201, response.body);
    const { form: saved } = await stored(response.json().applicationId);
    for (const field of ['nationality', 'birthDate', 'gender', 'salary', 'hasWorkPermit']) assert.equal(saved[field], '', field);
    assert.deepEqual(saved.drivingLicenses, []);
  });

  it('applies with name and email only by default, and keeps a typed cover letter, a cover letter file and a profile URL', async () => {
    assert.equal((await apply(form())).statusCode, 201);
    const letter: UploadedCv = await uploadCv(t.app, 'Lettre de motivation.pdf');
    const response = await apply(form({ coverLetter: 'Dear Lumen team,\nI build robots.', coverLetterFile: { url: letter.url, name: letter.name }, profileUrl: 'https://www.linkedin.com/in/ana' }));
    assert.equal(response.statusCode, 201, response.body);
    const saved = await stored(response.json().applicationId);
    assert.equal(saved.form.coverLetter, 'Dear Lumen team,\nI build robots.');
    assert.equal(saved.form.profileUrl, 'https://www.linkedin.com/in/ana');
    assert.equal(saved.cover_letter_upload_id, letter.id);
    const invalid = await apply(form({ profileUrl: 'javascript:alert(1)' }));
    assert.equal(invalid.statusCode, 400);
    assert.deepEqual(invalid.json().fields, { profileUrl: 'errors.url' });
  });

  it('enforces required fields the recruiter asks for: 400 { fields } when missing, stored when given', async () => {
    const opening = await configure({ birthDate: 'required', cv: 'required', coverLetter: 'required', phone: 'hidden' });
    assert.equal(opening.applyForm.birthDate, 'required');
    assert.equal(opening.applyForm.nationality, 'hidden', 'fields left out keep their default');
    assert.equal((await offer()).applyForm.birthDate, 'required');

    const missing = await apply(form({ phone: '+352 621 000 000' }));
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json().fields, { birthDate: 'errors.required', cv: 'errors.required', coverLetter: 'errors.required' });

    const badDate = await apply(form({ birthDate: '1994-04-21' }));
    assert.equal(badDate.statusCode, 400);
    assert.equal(badDate.json().fields.birthDate, 'errors.date', 'the server takes DD/MM/YYYY, as the form sends it');

    const cv = await uploadCv(t.app);
    const letter = await uploadCv(t.app, 'letter.pdf');
    const ok = await apply(form({ birthDate: '21/04/1994', cv: { url: cv.url, name: cv.name }, coverLetterFile: { url: letter.url, name: letter.name }, phone: '+352 621 000 000' }));
    assert.equal(ok.statusCode, 201, ok.body);
    const saved = await stored(ok.json().applicationId);
    assert.equal(saved.form.birthDate, '21/04/1994');
    assert.equal(saved.form.phone, '', 'the hidden phone is dropped');
    await configure({ ...DEFAULT_APPLY_FORM });
  });

  it('refuses an unknown field or level in the configuration (400), and a viewer may not change it (403)', async () => {
    assert.equal((await call(owner, 'PATCH', `/v2/jobs/${openingId}`, { applyForm: { birthDate: 'mandatory' } })).statusCode, 400);
    assert.equal((await call(owner, 'PATCH', `/v2/jobs/${openingId}`, { applyForm: { shoeSize: 'optional' } })).statusCode, 400);
    assert.equal((await call(viewer, 'PATCH', `/v2/jobs/${openingId}`, { applyForm: { birthDate: 'required' } })).statusCode, 403);
  });

  it('keeps the configuration when the opening is duplicated', async () => {
    await configure({ salary: 'optional' });
    const copy = await t.app.inject({ method: 'POST', url: '/v2/jobs', headers: { cookie: owner, origin: OWN_ORIGIN }, payload: { baseOpening: openingId } });
    assert.equal(copy.statusCode, 201, copy.body);
    assert.equal((copy.json() as OpeningResource).applyForm.salary, 'optional');
    await configure({ ...DEFAULT_APPLY_FORM });
  });

  it('shows sensitive answers and CV links to an owner only (CANDIDATES:SENSITIVE:READ); a viewer gets neither', async () => {
    await configure({ birthDate: 'optional', gender: 'optional', nationality: 'optional', salary: 'optional', address: 'optional' });
    const cv = await uploadCv(t.app);
    const body = form({ birthDate: '21/04/1994', gender: 'female', nationality: 'Portuguese', salary: '65000', address: '1 rue de Hollerich, Luxembourg', cv: { url: cv.url, name: cv.name } });
    assert.equal((await apply(body)).statusCode, 201);
    await configure({ ...DEFAULT_APPLY_FORM });
    const find = async (cookie: string) => {
      const page = (await call(cookie, 'GET', `/v2/jobs/${openingId}/applications?pageSize=40`)).json() as PageOf<ApplicantResource>;
      const item = page.items.find((applicant) => applicant.personal.email === body.email);
      assert.ok(item);
      return item;
    };
    const asOwner = await find(owner);
    assert.equal(asOwner.personal.birthDate, '21/04/1994');
    assert.equal(asOwner.personal.gender, 'female');
    assert.equal(asOwner.personal.nationality, 'Portuguese');
    assert.equal(asOwner.personal.address, '1 rue de Hollerich, Luxembourg');
    assert.equal(asOwner.expectedConditions?.salary, '65000');
    assert.equal(asOwner.cv?.url, cv.url);

    const asViewer = await find(viewer);
    for (const field of ['birthDate', 'gender', 'nationality', 'address'] as const) assert.ok(!(field in asViewer.personal), field);
    assert.equal(asViewer.expectedConditions, undefined);
    assert.equal(asViewer.cv?.name, 'cv.pdf');
    assert.equal(asViewer.cv?.url, null, 'no download link');
    assert.equal(asViewer.personal.email, body.email, 'name, email and phone stay readable');
    assert.equal((await call(viewer, 'GET', cv.url)).statusCode, 403);
    assert.equal((await call(owner, 'GET', cv.url)).statusCode, 200);
  });
});
