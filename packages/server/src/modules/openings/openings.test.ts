import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEFAULT_APPLY_FORM, type OpeningResource, type OpeningStatusValue, type PageOf } from '@rec/core';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { DEMO_OPENING_IDS } from '../../seed/demo-openings';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';
import type { DomainEvent } from '../domain-events/domain-events';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Who = 'owner' | 'viewer' | 'otherOwner' | 'applicant';

const PUBLISHED = DEMO_OPENING_IDS.published;
const PUBLISHED_POSTING = demoId(DEMO_PREFIX.posting, 0x62);
const NORDWIND_OPENING = demoId(DEMO_PREFIX.opening, 0x101);
const POSTING_BODY = { language: 'en', contents: { en: { title: 'Robot whisperer', description: '<p>Hi</p>' } }, channels: ['SHARE'] };
const LUMEN_OPENINGS = 23;

/** A small harness: signed-in sessions without scrypt, and requests from our own origin. */
function harness(context: { readonly db: Parameters<typeof buildAuthTestApp>[0] }) {
  const state: { t?: AuthTestApp; cookies: Partial<Record<Who, string>> } = { cookies: {} };
  before(async () => {
    state.t = await buildAuthTestApp(context.db);
    for (const who of ['owner', 'viewer', 'otherOwner', 'applicant'] as const) state.cookies[who] = await state.t.cookieFor(DEMO_ACCOUNTS[who].id);
  });
  after(() => state.t?.app.close());
  return {
    get t(): AuthTestApp {
      if (!state.t) throw new Error('inside tests only');
      return state.t;
    },
    get app(): FastifyInstance {
      return this.t.app;
    },
    /** A new session for `who` (after moving the clock past the old one's lifetime). */
    async signIn(who: Who): Promise<void> {
      state.cookies[who] = await this.t.cookieFor(DEMO_ACCOUNTS[who].id);
    },
    call(who: Who | undefined, method: Method, url: string, payload?: unknown) {
      const headers: Record<string, string> = { origin: OWN_ORIGIN };
      if (who) headers.cookie = state.cookies[who] ?? '';
      return this.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    },
  };
}

/** Every opening route, with a body that would be valid, for opening `id` (and posting `postingId`). */
function everyRoute(id: string, postingId: string): Array<{ method: Method; url: string; payload?: unknown; manage: boolean }> {
  return [
    { method: 'GET', url: `/v2/jobs/${id}`, manage: false },
    { method: 'GET', url: `/v2/jobs/${id}/postings`, manage: false },
    { method: 'GET', url: `/v2/jobs/${id}/applications`, manage: false },
    { method: 'PATCH', url: `/v2/jobs/${id}`, payload: { title: 'Renamed' }, manage: true },
    { method: 'POST', url: `/v2/jobs/${id}/publish`, manage: true },
    { method: 'POST', url: `/v2/jobs/${id}/archive`, manage: true },
    { method: 'POST', url: `/v2/jobs/${id}/unarchive`, manage: true },
    { method: 'GET', url: `/v2/jobs/${id}/can-delete`, manage: true },
    { method: 'DELETE', url: `/v2/jobs/${id}`, manage: true },
    { method: 'GET', url: `/v2/jobs/${id}/export/applications?categories[]=PERSONAL`, manage: true },
    { method: 'POST', url: `/v2/jobs/${id}/postings`, payload: POSTING_BODY, manage: true },
    { method: 'PATCH', url: `/v2/jobs/${id}/postings/${postingId}`, payload: { employmentType: 'PART_TIME' }, manage: true },
    { method: 'POST', url: `/v2/jobs/${id}/postings/${postingId}/close`, manage: true },
    { method: 'POST', url: '/v2/jobs', payload: { baseOpening: id }, manage: true },
  ];
}

describeEachBackend('openings: reads, permissions, tenants, list', (context) => {
  const h = harness(context);

  it('answers 401 without a session and 403 to a non-recruiter on every route', async () => {
    for (const route of [...everyRoute(PUBLISHED, PUBLISHED_POSTING), { method: 'GET' as const, url: '/v2/jobs', manage: false }]) {
      const anonymous = await h.call(undefined, route.method, route.url, route.payload);
      assert.equal(anonymous.statusCode, 401, `${route.method} ${route.url}`);
      assert.deepEqual(anonymous.json(), { statusCode: 401, error: 'auth.required' });
      const applicant = await h.call('applicant', route.method, route.url, route.payload);
      assert.equal(applicant.statusCode, 403, `${route.method} ${route.url}`);
    }
  });

  it('gives the viewer 403 on every managing action and 200 on every read, and changes nothing', async () => {
    const before = (await h.call('owner', 'GET', `/v2/jobs/${PUBLISHED}`)).json() as OpeningResource;
    for (const route of everyRoute(PUBLISHED, PUBLISHED_POSTING)) {
      const response = await h.call('viewer', route.method, route.url, route.payload);
      if (route.manage) assert.deepEqual([route.url, response.json()], [route.url, { statusCode: 403, error: 'errors.forbidden' }], `${route.method} ${route.url}`);
      else assert.equal(response.statusCode, 200, `${route.method} ${route.url}`);
    }
    assert.equal((await h.call('viewer', 'GET', '/v2/jobs')).statusCode, 200);
    assert.deepEqual((await h.call('owner', 'GET', `/v2/jobs/${PUBLISHED}`)).json(), before);
  });

  it('answers 404 opening.notFound for another company’s opening on every route, and for malformed ids', async () => {
    for (const route of everyRoute(PUBLISHED, PUBLISHED_POSTING)) {
      const response = await h.call('otherOwner', route.method, route.url, route.payload);
      assert.deepEqual([route.method, route.url, response.statusCode, response.json()], [route.method, route.url, 404, { statusCode: 404, error: 'opening.notFound' }]);
    }
    for (const route of everyRoute(NORDWIND_OPENING, demoId(DEMO_PREFIX.posting, 0x101))) {
      const response = await h.call('owner', route.method, route.url, route.payload);
      assert.equal(response.statusCode, 404, `${route.method} ${route.url}`);
    }
    for (const url of ['/v2/jobs/not-an-id', '/v2/jobs/64B00E1E0000000000000062/postings', `/v2/jobs/${PUBLISHED}/postings/xyz/close`]) {
      const response = await h.call('owner', url.endsWith('close') ? 'POST' : 'GET', url);
      assert.deepEqual(response.json(), { statusCode: 404, error: 'opening.notFound' }, url);
    }
    // The Lumen opening is untouched by all of this.
    const opening = (await h.call('owner', 'GET', `/v2/jobs/${PUBLISHED}`)).json() as OpeningResource;
    assert.equal(opening.status, 'PUBLISHED');
    assert.equal(opening.title, 'Mechatroniker:in Robotik');
  });

  it('answers the opening resource with its counts, and only the selected fields', async () => {
    const response = await h.call('viewer', 'GET', `/v2/jobs/${PUBLISHED}`);
    assert.equal(response.headers['cache-control'], 'private, no-store');
    const opening = response.json() as OpeningResource;
    assert.deepEqual(
      { ...opening, createdAt: typeof opening.createdAt, updatedAt: typeof opening.updatedAt },
      {
        _id: PUBLISHED,
        title: 'Mechatroniker:in Robotik',
        referenceCode: 'LR-MEC-007',
        status: 'PUBLISHED',
        language: 'de',
        description: '<p>Sie montieren, prüfen und nehmen unsere kollaborativen Roboter in Betrieb.</p>',
        location: 'Luxemburg',
        contract: 'permanent',
        applyForm: { ...DEFAULT_APPLY_FORM },
        salary: null,
        createdAt: 'string',
        updatedAt: 'string',
        postingsCount: 1,
        applicationsCount: 30,
        visibleOn: ['SHARE', 'REFERRAL'],
      },
    );
    assert.deepEqual((await h.call('viewer', 'GET', `/v2/jobs/${PUBLISHED}?select[]=title&select[]=status`)).json(), {
      _id: PUBLISHED,
      title: 'Mechatroniker:in Robotik',
      status: 'PUBLISHED',
    });
  });

  it('pages the list (20 by default, 30 and 40 allowed), newest update first', async () => {
    const list = async (query: string) => {
      const response = await h.call('viewer', 'GET', `/v2/jobs${query}`);
      assert.equal(response.statusCode, 200, query);
      return response.json() as PageOf<OpeningResource>;
    };
    const first = await list('');
    assert.deepEqual([first.total, first.page, first.pageSize, first.items.length], [LUMEN_OPENINGS, 1, 20, 20]);
    const updated = first.items.map((item) => item.updatedAt);
    assert.deepEqual(updated, [...updated].sort().reverse());
    const second = await list('?page=2');
    assert.equal(second.items.length, LUMEN_OPENINGS - 20);
    const ids = new Set([...first.items, ...second.items].map((item) => item._id));
    assert.equal(ids.size, LUMEN_OPENINGS, 'pages do not overlap and miss nothing');
    assert.ok(![...ids].includes(NORDWIND_OPENING));
    assert.equal((await list('?pageSize=30')).items.length, LUMEN_OPENINGS);
    assert.equal((await list('?page=3')).items.length, 0);
    for (const bad of ['?pageSize=25', '?page=0', '?sort=salary', '?status[]=DELETED']) {
      assert.deepEqual((await h.call('viewer', 'GET', `/v2/jobs${bad}`)).json(), { statusCode: 400, error: 'errors.invalidQuery' }, bad);
    }
  });

  it('searches title or reference code case-insensitively, filters by status and sorts', async () => {
    const list = async (query: string) => (await h.call('viewer', 'GET', `/v2/jobs${query}`)).json() as PageOf<OpeningResource>;
    assert.deepEqual((await list('?search=lr-mec')).items.map((item) => item._id), [PUBLISHED]);
    const robotique = await list('?search=ROBOTIQUE');
    assert.ok(robotique.total >= 2);
    for (const item of robotique.items) assert.match(`${item.title} ${item.referenceCode}`, /robotique/i);
    assert.equal((await list('?search=%25')).total, 0, '% is a literal character');
    assert.equal((await list('?search=Nordwind')).total, 0);

    const drafts = await list('?status[]=DRAFT');
    assert.deepEqual(drafts.items.map((item) => item._id).sort(), [DEMO_OPENING_IDS.draft, DEMO_OPENING_IDS.draftWithoutReference].sort());
    const some = await list('?status[]=DRAFT&status[]=ARCHIVED&pageSize=40');
    assert.equal(some.total, 5);
    assert.ok(some.items.every((item) => item.status === 'DRAFT' || item.status === 'ARCHIVED'));
    assert.equal((await list('?status[]=ARCHIVED&search=2023')).total, 1);

    const byTitle = (await list('?sort=title&pageSize=40')).items.map((item) => item._id);
    const byTitleDesc = (await list('?sort=-title&pageSize=40')).items.map((item) => item._id);
    assert.deepEqual(byTitleDesc, [...byTitle].reverse());
    const created = (await list('?sort=createdAt&pageSize=40')).items.map((item) => item.createdAt);
    assert.deepEqual(created, [...created].sort());
    const statuses = (await list('?sort=status&pageSize=40')).items.map((item) => item.status);
    assert.deepEqual(statuses, [...statuses].sort());
    const selected = await list('?select[]=title&pageSize=20');
    assert.ok(selected.items.every((item) => Object.keys(item).sort().join() === '_id,title'));
  });

  it('lists the applications of an opening without the meta fields, and the postings with channel URLs', async () => {
    const response = await h.call('viewer', 'GET', `/v2/jobs/${PUBLISHED}/applications?pageSize=20&page=2`);
    assert.equal(response.statusCode, 200);
    const page = response.json() as PageOf<Record<string, unknown>>;
    assert.deepEqual([page.total, page.page, page.pageSize, page.items.length], [30, 2, 20, 10]);
    const item = page.items[0] as { personal: { name: { first: string } }; appliedAt: string; channel: { kind: string } };
    assert.ok(item.personal.name.first.length > 0);
    assert.ok(['SHARE', 'REFERRAL'].includes(item.channel.kind));
    assert.doesNotMatch(JSON.stringify(page), /agentEmail|companyReferralCode|consent/);

    const postings = (await h.call('viewer', 'GET', `/v2/jobs/${PUBLISHED}/postings`)).json() as Array<{ _id: string; status: string; channels: Array<{ _id: string; kind: string; url: string }> }>;
    assert.equal(postings.length, 1);
    assert.equal(postings[0]?._id, PUBLISHED_POSTING);
    assert.deepEqual(
      postings[0]?.channels.map((channel) => [channel.kind, channel.url]),
      postings[0]?.channels.map((channel) => [channel.kind, `http://rec.test/offer/c/${channel._id}`]),
    );
    assert.deepEqual(postings[0]?.channels.map((channel) => channel.kind), ['SHARE', 'REFERRAL']);
  });
});

describeEachBackend('openings: state machine, duplicate, postings, deletion', (context) => {
  const h = harness(context);

  async function openingIn(status: OpeningStatusValue): Promise<string> {
    const created = await h.call('owner', 'POST', '/v2/jobs', { title: `Opening ${status}`, language: 'en' });
    assert.equal(created.statusCode, 201);
    const id = (created.json() as OpeningResource)._id;
    if (status !== 'DRAFT') assert.equal((await h.call('owner', 'POST', `/v2/jobs/${id}/publish`)).statusCode, 200);
    if (status === 'ARCHIVED') assert.equal((await h.call('owner', 'POST', `/v2/jobs/${id}/archive`)).statusCode, 200);
    return id;
  }

  it('allows each action only from its state (every action from every state)', async () => {
    const expected: Record<OpeningStatusValue, Record<string, [number, OpeningStatusValue | 'GONE']>> = {
      DRAFT: { publish: [200, 'PUBLISHED'], archive: [409, 'DRAFT'], unarchive: [409, 'DRAFT'], delete: [409, 'DRAFT'], posting: [409, 'DRAFT'] },
      PUBLISHED: { publish: [409, 'PUBLISHED'], archive: [200, 'ARCHIVED'], unarchive: [409, 'PUBLISHED'], delete: [409, 'PUBLISHED'], posting: [201, 'PUBLISHED'] },
      ARCHIVED: { publish: [409, 'ARCHIVED'], archive: [409, 'ARCHIVED'], unarchive: [200, 'PUBLISHED'], delete: [204, 'GONE'], posting: [409, 'ARCHIVED'] },
    };
    for (const [from, actions] of Object.entries(expected) as Array<[OpeningStatusValue, Record<string, [number, OpeningStatusValue | 'GONE']>]>) {
      for (const [action, [status, after]] of Object.entries(actions)) {
        const id = await openingIn(from);
        const response =
          action === 'delete'
            ? await h.call('owner', 'DELETE', `/v2/jobs/${id}`)
            : action === 'posting'
              ? await h.call('owner', 'POST', `/v2/jobs/${id}/postings`, POSTING_BODY)
              : await h.call('owner', 'POST', `/v2/jobs/${id}/${action}`);
        const label = `${action} from ${from}`;
        assert.equal(response.statusCode, status, label);
        if (status === 409) {
          assert.deepEqual(response.json(), { statusCode: 409, error: action === 'delete' ? 'opening.deleteUnavailable' : 'opening.invalidTransition' }, label);
        }
        if (status === 200) assert.equal((response.json() as OpeningResource).status, after, label);
        const now = await h.call('owner', 'GET', `/v2/jobs/${id}`);
        if (after === 'GONE') assert.equal(now.statusCode, 404, label);
        else assert.equal((now.json() as OpeningResource).status, after, label);
      }
    }
  });

  it('closes the open postings on archive and keeps them closed on unarchive', async () => {
    const id = await openingIn('PUBLISHED');
    const posting = (await h.call('owner', 'POST', `/v2/jobs/${id}/postings`, POSTING_BODY)).json() as { _id: string; status: string };
    assert.equal(posting.status, 'OPEN');
    const events: DomainEvent[] = [];
    const stop = h.app.domainEvents.subscribe((event) => events.push(event));
    await h.call('owner', 'POST', `/v2/jobs/${id}/archive`);
    stop();
    // Each posting the archive closed is announced as closed (issue 30: webhooks' posting.closed).
    assert.deepEqual(
      events.filter((event) => event.type === 'POSTING_CHANGED'),
      [{ type: 'POSTING_CHANGED', companyId: DEMO.companyId, postingId: posting._id, openingId: id, transition: 'closed' }],
    );
    const statuses = async () => ((await h.call('owner', 'GET', `/v2/jobs/${id}/postings`)).json() as Array<{ status: string }>).map((p) => p.status);
    assert.deepEqual(await statuses(), ['CLOSED']);
    await h.call('owner', 'POST', `/v2/jobs/${id}/unarchive`);
    assert.deepEqual(await statuses(), ['CLOSED']);
  });

  it('lets the owner do every action of the life cycle', async () => {
    // Contracts are codes: a word cannot be translated into the other languages, so it is refused.
    const word = await h.call('owner', 'POST', '/v2/jobs', { title: 'Cobot Trainer', contract: 'CDI' });
    assert.deepEqual([word.statusCode, word.json().error], [400, 'errors.badRequest']);
    const created = await h.call('owner', 'POST', '/v2/jobs', { title: 'Cobot Trainer', referenceCode: 'LR-CT-1', language: 'fr', location: 'Paris', contract: 'permanent' });
    assert.equal(created.statusCode, 201);
    const opening = created.json() as OpeningResource;
    assert.deepEqual([opening.status, opening.postingsCount, opening.applicationsCount, opening.description], ['DRAFT', 0, 0, '']);
    const id = opening._id;
    const patched = await h.call('owner', 'PATCH', `/v2/jobs/${id}`, { title: 'Cobot Trainer (m/w/d)', referenceCode: '', description: '<p>Teach</p>' });
    assert.equal(patched.statusCode, 200);
    assert.deepEqual([(patched.json() as OpeningResource).title, (patched.json() as OpeningResource).referenceCode], ['Cobot Trainer (m/w/d)', null]);
    assert.equal((await h.call('owner', 'POST', `/v2/jobs/${id}/publish`)).statusCode, 200);

    const posting = await h.call('owner', 'POST', `/v2/jobs/${id}/postings`, {
      language: 'fr',
      contents: { fr: { title: 'Formateur cobot', description: '<p>Bonjour<script>alert(1)</script></p>', location: 'Paris' }, en: { title: 'Cobot trainer' } },
      channels: ['BOARD', 'SHARE', 'REFERRAL', 'SHARE'],
      validThrough: '2027-01-31T23:59:59Z',
      employmentType: 'FULL_TIME',
    });
    assert.equal(posting.statusCode, 201);
    const resource = posting.json() as { _id: string; status: string; contents: Record<string, { description: string; location: string | null }>; channels: Array<{ kind: string }>; validThrough: string };
    assert.equal(resource.status, 'OPEN');
    assert.doesNotMatch(resource.contents.fr?.description ?? '', /script/);
    assert.match(resource.contents.fr?.description ?? '', /Bonjour/);
    assert.deepEqual(resource.channels.map((channel) => channel.kind).sort(), ['BOARD', 'REFERRAL', 'SHARE']);
    assert.equal(resource.validThrough, '2027-01-31T23:59:59.000Z');

    const postingPatch = await h.call('owner', 'PATCH', `/v2/jobs/${id}/postings/${resource._id}`, { contents: { en: { title: 'Cobot trainer (Paris)' } }, employmentType: 'PART_TIME' });
    assert.equal(postingPatch.statusCode, 200);
    const patchedPosting = postingPatch.json() as { contents: Record<string, { title: string }>; employmentType: string };
    assert.deepEqual([patchedPosting.contents.en?.title, patchedPosting.contents.fr?.title, patchedPosting.employmentType], ['Cobot trainer (Paris)', 'Formateur cobot', 'PART_TIME']);
    assert.equal((await h.call('owner', 'POST', `/v2/jobs/${id}/postings/${resource._id}/close`)).json().status, 'CLOSED');
    assert.equal((await h.call('owner', 'GET', `/v2/jobs/${id}/export/applications?categories[]=OPERATIONAL`)).statusCode, 200);
    assert.equal((await h.call('owner', 'POST', `/v2/jobs/${id}/archive`)).statusCode, 200);
    assert.deepEqual((await h.call('owner', 'GET', `/v2/jobs/${id}/can-delete`)).json(), { canBeDeleted: true });
    assert.equal((await h.call('owner', 'POST', `/v2/jobs/${id}/unarchive`)).statusCode, 200);
    assert.deepEqual((await h.call('owner', 'GET', `/v2/jobs/${id}/can-delete`)).json(), { canBeDeleted: false, reason: 'opening.notArchived' });
    assert.equal((await h.call('owner', 'POST', `/v2/jobs/${id}/archive`)).statusCode, 200);
    assert.equal((await h.call('owner', 'DELETE', `/v2/jobs/${id}`)).statusCode, 204);
    assert.equal((await h.call('owner', 'GET', `/v2/jobs/${id}`)).statusCode, 404);
  });

  it('refuses invalid bodies', async () => {
    for (const payload of [{}, { title: '', language: 'en' }, { title: 'x' }, { title: 'x', language: 'xx' }, { title: 'x', language: 'en', status: 'PUBLISHED' }]) {
      assert.deepEqual((await h.call('owner', 'POST', '/v2/jobs', payload)).json(), { statusCode: 400, error: 'errors.badRequest' }, JSON.stringify(payload));
    }
    const bad = await h.call('owner', 'POST', `/v2/jobs/${PUBLISHED}/postings`, { language: 'de', contents: { en: { title: 'only English' } } });
    assert.equal(bad.statusCode, 400, 'the main language needs content');
  });

  it('duplicates an opening through baseOpening: same fields and description, a cleared reference code, a new DRAFT', async () => {
    const base = (await h.call('owner', 'GET', `/v2/jobs/${PUBLISHED}`)).json() as OpeningResource;
    assert.ok(base.referenceCode && base.description, 'the base has a code and a description');
    const copy = await h.call('owner', 'POST', '/v2/jobs', { baseOpening: PUBLISHED });
    assert.equal(copy.statusCode, 201);
    const duplicate = copy.json() as OpeningResource;
    assert.notEqual(duplicate._id, PUBLISHED);
    const fields = (o: OpeningResource) => [o.title, o.language, o.description, o.location, o.contract];
    assert.deepEqual(fields(duplicate), fields(base));
    // A reference code names one opening: the copy does not inherit it.
    assert.equal(duplicate.referenceCode, null);
    assert.deepEqual([duplicate.status, duplicate.postingsCount, duplicate.applicationsCount, duplicate.visibleOn], ['DRAFT', 0, 0, []]);
    const same = await h.call('owner', 'POST', '/v2/jobs', { baseOpening: PUBLISHED, referenceCode: ` ${base.referenceCode} ` });
    assert.deepEqual(same.json(), { statusCode: 409, error: 'opening.referenceCodeTaken' });
    const renamed = (await h.call('owner', 'POST', '/v2/jobs', { baseOpening: PUBLISHED, title: 'Mechatroniker:in Robotik (Nachtschicht)', referenceCode: 'LR-MEC-008' })).json() as OpeningResource;
    assert.deepEqual([renamed.title, renamed.referenceCode, renamed.location, renamed.description], ['Mechatroniker:in Robotik (Nachtschicht)', 'LR-MEC-008', 'Luxemburg', base.description]);
    assert.equal((await h.call('owner', 'POST', '/v2/jobs', { baseOpening: NORDWIND_OPENING })).statusCode, 404);
  });

  it('stores the description through the allowlist sanitiser, and keeps what the editor writes unchanged', async () => {
    const editorHtml =
      '<h3>Vos missions</h3><ul><li><p>Concevoir</p></li><li><p><strong>Tester</strong> et <em>livrer</em></p></li></ul><ol><li><p>Un</p></li></ol><p>Voir <a href="https://lumen.example/jobs" rel="noopener noreferrer">le site</a><br>Merci</p>';
    const created = (await h.call('owner', 'POST', '/v2/jobs', { title: 'Rich', language: 'fr', description: editorHtml })).json() as OpeningResource;
    assert.equal(created.description, editorHtml);
    const patched = await h.call('owner', 'PATCH', `/v2/jobs/${created._id}`, { description: '<h1 style="color:red" onclick="x()">Titre</h1><script>alert(1)</script><p class="MsoNormal">Texte</p>' });
    assert.equal((patched.json() as OpeningResource).description, 'Titre<p>Texte</p>');
  });

  it('tells where an opening is visible: the channel kinds of its open postings', async () => {
    const id = await openingIn('PUBLISHED');
    const visibleOn = async () => ((await h.call('owner', 'GET', `/v2/jobs/${id}`)).json() as OpeningResource).visibleOn;
    assert.deepEqual(await visibleOn(), [], 'published, but no publication yet');
    const share = (await h.call('owner', 'POST', `/v2/jobs/${id}/postings`, { ...POSTING_BODY, channels: ['REFERRAL', 'SHARE'] })).json() as { _id: string };
    assert.deepEqual(await visibleOn(), ['SHARE', 'REFERRAL']);
    const board = (await h.call('owner', 'POST', `/v2/jobs/${id}/postings`, { ...POSTING_BODY, channels: ['BOARD'] })).json() as { _id: string };
    assert.deepEqual(await visibleOn(), ['BOARD', 'SHARE', 'REFERRAL']);
    assert.equal((await h.call('owner', 'POST', `/v2/jobs/${id}/postings/${share._id}/close`)).statusCode, 200);
    assert.deepEqual(await visibleOn(), ['BOARD']);
    const listed = (await h.call('owner', 'GET', `/v2/jobs?search=${encodeURIComponent('Opening PUBLISHED')}`)).json() as PageOf<OpeningResource>;
    assert.deepEqual(listed.items.find((item) => item._id === id)?.visibleOn, ['BOARD']);
    assert.equal((await h.call('owner', 'POST', `/v2/jobs/${id}/postings/${board._id}/close`)).statusCode, 200);
    assert.deepEqual(await visibleOn(), []);
  });

  it('deletes an archived opening only when its applications are past the retention period', async () => {
    const { db } = context;
    assert.deepEqual((await h.call('owner', 'GET', `/v2/jobs/${PUBLISHED}/can-delete`)).json(), { canBeDeleted: false, reason: 'opening.notArchived' });
    assert.deepEqual((await h.call('owner', 'DELETE', `/v2/jobs/${PUBLISHED}`)).json(), { statusCode: 409, error: 'opening.deleteUnavailable' });

    const retained = DEMO_OPENING_IDS.archivedRetained;
    assert.deepEqual((await h.call('owner', 'GET', `/v2/jobs/${retained}/can-delete`)).json(), { canBeDeleted: false, reason: 'opening.applicationsRetained' });
    assert.deepEqual((await h.call('owner', 'DELETE', `/v2/jobs/${retained}`)).json(), { statusCode: 409, error: 'opening.deleteUnavailable' });
    assert.equal((await h.call('owner', 'GET', `/v2/jobs/${retained}`)).statusCode, 200);

    const expired = DEMO_OPENING_IDS.archivedDeletable;
    assert.deepEqual((await h.call('owner', 'GET', `/v2/jobs/${expired}/can-delete`)).json(), { canBeDeleted: true });
    const candidatesBefore = await db.selectFrom('candidates').select('id').where('company_id', '=', DEMO.companyId).execute();
    assert.equal((await h.call('owner', 'DELETE', `/v2/jobs/${expired}`)).statusCode, 204);
    const audit = await db.selectFrom('audit_log').select(['actor_id', 'action']).where('opening_id', '=', expired).execute();
    assert.deepEqual(audit, [{ actor_id: DEMO_ACCOUNTS.owner.id, action: 'opening.delete' }]);
    assert.equal((await h.call('owner', 'GET', `/v2/jobs/${expired}`)).statusCode, 404);
    assert.equal((await h.call('owner', 'DELETE', `/v2/jobs/${expired}`)).statusCode, 404);
    const expiredPosting = demoId(DEMO_PREFIX.posting, 0x64);
    assert.equal((await db.selectFrom('postings').select('id').where('id', '=', expiredPosting).execute()).length, 0);
    assert.equal((await db.selectFrom('channels').select('id').where('posting_id', '=', expiredPosting).execute()).length, 0);
    const candidatesAfter = await db.selectFrom('candidates').select('id').where('company_id', '=', DEMO.companyId).execute();
    assert.equal(candidatesBefore.length - candidatesAfter.length, 8, 'the candidates of the expired applications are gone');
    assert.equal((await h.call('owner', 'GET', `/v2/jobs/${PUBLISHED}`)).json().applicationsCount, 30, 'other openings keep theirs');

    // Without applications an archived opening is deletable at once.
    assert.deepEqual((await h.call('owner', 'GET', `/v2/jobs/${DEMO_OPENING_IDS.archivedEmpty}/can-delete`)).json(), { canBeDeleted: true });

    // Two years later the retained applications have expired too.
    h.t.advance(731 * 24 * 60 * 60 * 1000);
    await h.signIn('owner');
    assert.deepEqual((await h.call('owner', 'GET', `/v2/jobs/${retained}/can-delete`)).json(), { canBeDeleted: true });
  });

  it('deletes the opening behind the board’s spontaneous application: the board loses that link, nothing breaks', async () => {
    const { db } = context;
    const spontaneous = await db
      .selectFrom('channels as c')
      .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'c.company_id').onRef('p.id', '=', 'c.posting_id'))
      .where('c.id', '=', DEMO.spontaneousChannelId)
      .select('p.opening_id')
      .executeTakeFirstOrThrow();
    const id = spontaneous.opening_id;
    assert.equal((await h.call('owner', 'POST', `/v2/jobs/${id}/archive`)).statusCode, 200);
    // Past any retention, whatever applications the spontaneous channel holds.
    h.t.advance(800 * 24 * 60 * 60 * 1000);
    await h.signIn('owner');
    assert.equal((await h.call('owner', 'DELETE', `/v2/jobs/${id}`)).statusCode, 204);
    const board = await h.app.inject({ url: `/v2/boards/${DEMO.boardId}` });
    assert.equal(board.statusCode, 200);
    assert.equal(board.json().spontaneousOfferChannelUrl, null);
  });
});
