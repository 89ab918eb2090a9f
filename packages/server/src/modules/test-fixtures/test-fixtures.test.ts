import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FixtureAdmin, FixtureCompany } from '@rec/core/test-fixtures';
import { buildApp } from '../../app';
import { verifyPassword } from '../auth/passwords';
import { describeEachBackend, testAppConfig } from '../../testing/test-database';

const create = (context: { app: { inject: (options: object) => Promise<{ statusCode: number; json: () => unknown }> } }, body: object) =>
  context.app.inject({ method: 'POST', url: '/test/fixtures/companies', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

describeEachBackend('end-to-end fixtures', (context) => {
  it('makes a company of its own with a signed-in owner and viewer, reviewed candidates with recordings and a pipeline in every stage', async () => {
    const answer = await create(context, { pipeline: 12, ownerLanguage: 'de' });
    assert.equal(answer.statusCode, 201);
    const fixture = answer.json() as FixtureCompany;
    const as = (session: string) => ({ cookie: `${fixture.sessionCookie}=${session}` });

    const owner = await context.app.inject({ url: '/v2/recruiter/me/permissions', headers: as(fixture.owner.session) });
    assert.equal((owner.json() as { role: string }).role, 'owner');
    const viewer = await context.app.inject({ url: '/v2/recruiter/me/permissions', headers: as(fixture.viewer.session) });
    assert.equal((viewer.json() as { role: string }).role, 'viewer');

    const [sofia] = fixture.steps.candidates;
    const review = await context.app.inject({ url: `/v2/recruiter/openings/${fixture.steps.openingId}/candidates/${sofia.candidateId}`, headers: as(fixture.owner.session) });
    assert.equal(review.statusCode, 200);
    const body = review.json() as { nextCandidateId: string | null; previousCandidateId: string | null; interviewAnswers: Array<{ video: { url: string } | null }> };
    assert.equal(body.interviewAnswers.length, 2);
    assert.ok(body.interviewAnswers.every((answer) => answer.video));
    assert.equal(body.previousCandidateId, fixture.steps.candidates[1].candidateId);
    const video = await context.app.inject({ url: body.interviewAnswers[0]?.video?.url ?? '', headers: as(fixture.owner.session) });
    assert.equal(video.statusCode, 200);

    const pipeline = await context.app.inject({ url: `/v2/recruiter/openings/${fixture.pipeline?.openingId}/pipeline?rowsPerPage=40`, headers: as(fixture.owner.session) });
    const { items, total } = pipeline.json() as { items: Array<{ stage: string }>; total: number };
    assert.equal(total, 12);
    assert.deepEqual(new Set(items.map((item) => item.stage)), new Set(['NEW', 'IN_REVIEW', 'INTERVIEW', 'OFFER', 'HIRED', 'REJECTED']));

    // The sample offer, when asked for, is open on its board and share channels alike; a password, when given, is the accounts'.
    assert.equal(fixture.sample, null);
    const withSample = (await create(context, { sample: true, allOffers: true, privacyNotices: true, password: 'fixture-password-1' })).json() as FixtureCompany;
    // With every demo offer, the board lists more than the widget's filter threshold (FILTERS_FROM, 10).
    const count = await context.app.inject({ url: `/v2/boards/${withSample.boardId}/offer-count` });
    assert.ok((count.json() as { count: number }).count > 10, JSON.stringify(count.json()));
    const stored = await context.db.selectFrom('accounts').select('password_hash').where('id', 'in', [withSample.owner._id, withSample.viewer._id]).execute();
    assert.equal(stored.length, 2);
    for (const { password_hash } of stored) assert.equal(await verifyPassword('fixture-password-1', password_hash ?? ''), true);
    const settings = await context.db.selectFrom('companies').select(['id', 'settings']).where('id', 'in', [fixture.companyId, withSample.companyId]).execute();
    const notices = (id: string) => Object.keys(((settings.find((row) => row.id === id)?.settings ?? {}) as { privacyText?: object }).privacyText ?? {});
    assert.deepEqual(notices(fixture.companyId), []);
    assert.deepEqual(notices(withSample.companyId).sort(), ['de', 'en', 'fr']);
    for (const channel of [withSample.sample?.channelId, withSample.sample?.shareChannelId]) {
      const offer = await context.app.inject({ url: `/v2/offers/channel/${channel}` });
      assert.equal(offer.statusCode, 200, String(channel));
    }

    // Nothing of it is the demo company's, nor another fixture's.
    const other = (await create(context, {})).json() as FixtureCompany;
    assert.notEqual(other.companyId, fixture.companyId);
    assert.equal(other.pipeline, null);
    const foreign = await context.app.inject({ url: `/v2/recruiter/openings/${fixture.steps.openingId}/candidates/${sofia.candidateId}`, headers: as(other.owner.session) });
    assert.equal(foreign.statusCode, 404);
  });

  it('with candidateJourney, writes the step-flow offer in German and Polish under an internal title no posting carries, with a notice per language', async () => {
    const fixture = (await create(context, { candidateJourney: true })).json() as FixtureCompany;
    const { title, postingTitles, channelId } = fixture.steps;
    assert.deepEqual(Object.keys(postingTitles).sort(), ['de', 'en', 'fr', 'pl']);
    assert.ok(Object.values(postingTitles).every((posting) => posting !== title && !posting?.includes(title)));
    const offer = await context.app.inject({ url: `/v2/offers/channel/${channelId}?language=pl` });
    assert.equal(offer.statusCode, 200);
    const body = offer.json() as { information: { title: Record<string, string> }; company: { privacyNotices?: Array<{ language: string; text: string }> } };
    assert.equal(body.information.title.pl, postingTitles.pl);
    assert.equal(body.information.title.de, postingTitles.de);
    assert.ok(body.company.privacyNotices?.some((notice) => notice.language === 'pl' && notice.text.startsWith('Lumen Robotics przetwarza')));
  });

  it('refuses a body it does not understand with 400', async () => {
    assert.equal((await create(context, { pipeline: 1000 })).statusCode, 400);
    assert.equal((await create(context, { language: 'xx' })).statusCode, 400);
  });

  it('makes an admin of its own: enrolled (a confirmed authenticator app, a complete session), or without any factor', async () => {
    const post = (body: object) =>
      context.app.inject({ method: 'POST', url: '/test/fixtures/admins', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const made = await post({ password: 'fixture-admin-password' });
    assert.equal(made.statusCode, 201, made.body);
    const admin = made.json() as FixtureAdmin;
    assert.match(admin.totpSecret ?? '', /^[A-Z2-7]+=*$/);
    const cookie = `${admin.sessionCookie}=${admin.session}`;
    assert.equal((await context.app.inject({ method: 'GET', url: '/v2/admin/companies', headers: { cookie } })).statusCode, 200, 'a complete admin session');
    const factor = await context.db.selectFrom('two_factor_totp').select(['confirmed_at', 'secret']).where('email', '=', admin.email).executeTakeFirstOrThrow();
    assert.ok(factor.confirmed_at, 'the factor is confirmed: the admin rule holds');
    assert.ok(!factor.secret.includes(admin.totpSecret ?? ''), 'sealed');
    // The password signs in, and asks for the code.
    const signIn = await context.app.inject({
      method: 'POST',
      url: '/auth/password/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: admin.email, password: 'fixture-admin-password' }),
    });
    assert.equal((signIn.json() as { secondFactor?: string }).secondFactor, 'verify');
    const bare = (await post({ enrolled: false })).json() as FixtureAdmin;
    assert.deepEqual([bare.session, bare.totpSecret], [null, null]);
    assert.equal((await post({ enrolled: 'yes' })).statusCode, 400);
  });

  it('does not exist outside NODE_ENV=test', async () => {
    for (const nodeEnv of ['development', 'production'] as const) {
      const app = await buildApp({ db: context.db, config: testAppConfig({ nodeEnv }), logger: false });
      try {
        assert.equal((await create({ app }, {})).statusCode, 404, nodeEnv);
        assert.equal((await app.inject({ method: 'POST', url: '/test/fixtures/admins', headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode, 404, nodeEnv);
      } finally {
        await app.close();
      }
    }
  });
});
