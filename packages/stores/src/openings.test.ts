import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { createApiClient, type OpeningResource, type OpeningStatus } from '@rec/api-client';
import { ALL_PERMISSIONS, DEFAULT_APPLY_FORM, hasPermission, PERMISSIONS } from '@rec/core';
import { $opening, $openings, archiveOpening, deleteOpening, holdOpening, loadOpening, loadOpenings, type OpeningAction, openingActions, resetOpening } from './opening';
import { createRefreshListener, refreshRequestOf } from './refresh-resource';
import { type Clock, createToastQueue } from './toasts';

type Answer = { status: number; body?: unknown };

function fakeApi(answer: (method: string, path: string, url: URL) => Answer) {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    const { status, body } = answer(method, url.pathname, url);
    return body === undefined ? new Response(null, { status }) : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseURL: 'http://api.test', getLocale: () => 'en', fetch, retry: 0 }), calls };
}

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const opening = (id = ID, status: OpeningStatus = 'PUBLISHED', title = 'Robotics engineer'): OpeningResource => ({
  _id: id,
  title,
  referenceCode: 'RB-1',
  status,
  language: 'en',
  applyForm: { ...DEFAULT_APPLY_FORM },
  description: '',
  location: null,
  contract: null,
  salary: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  postingsCount: 0,
  applicationsCount: 0,
  visibleOn: [],
});

/** A clock the test moves by hand. */
function fakeClock() {
  let now = 0;
  let nextHandle = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: Clock = {
    setTimeout(run, ms) {
      const handle = nextHandle++;
      timers.set(handle, { at: now + ms, run });
      return handle;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = until;
  }
  return { clock, advance, pending: () => timers.size };
}

describe('toast queue', () => {
  it('shows at most five, queues the rest in order and moves them up when one closes', () => {
    const { clock } = fakeClock();
    const toasts = createToastQueue({ clock });
    const ids = Array.from({ length: 7 }, (_, index) => toasts.show({ title: `t${index}` }));
    assert.deepEqual(
      toasts.$state.get().visible.map((toast) => toast.title),
      ['t0', 't1', 't2', 't3', 't4'],
    );
    assert.deepEqual(
      toasts.$state.get().queued.map((toast) => toast.title),
      ['t5', 't6'],
    );
    toasts.close(ids[1]!);
    assert.deepEqual(
      toasts.$state.get().visible.map((toast) => toast.title),
      ['t0', 't2', 't3', 't4', 't5'],
    );
    assert.equal(toasts.$state.get().queued.length, 1);
  });

  it('closes a shown toast after 5000 ms, counted from when it is shown; -1 stays', () => {
    const { clock, advance } = fakeClock();
    const toasts = createToastQueue({ clock });
    toasts.show({ title: 'sticky', timeout: -1 });
    for (let index = 0; index < 5; index += 1) toasts.show({ title: `t${index}` });
    assert.equal(toasts.$state.get().visible.length, 5);
    advance(4999);
    assert.equal(toasts.$state.get().visible.length, 5);
    advance(1);
    // t0..t3 closed; t4 (queued until then) is shown now and starts its own 5000 ms.
    assert.deepEqual(
      toasts.$state.get().visible.map((toast) => toast.title),
      ['sticky', 't4'],
    );
    advance(4999);
    assert.equal(toasts.$state.get().visible.length, 2);
    advance(1);
    assert.deepEqual(
      toasts.$state.get().visible.map((toast) => toast.title),
      ['sticky'],
    );
    advance(60_000);
    assert.equal(toasts.$state.get().visible.length, 1);
  });

  it('clears its timer when closed by hand, and uses the given timeout', () => {
    const { clock, advance, pending } = fakeClock();
    const toasts = createToastQueue({ clock });
    const id = toasts.show({ title: 'x', tone: 'error', timeout: 1000 });
    assert.equal(toasts.$state.get().visible[0]?.tone, 'error');
    assert.equal(pending(), 1);
    toasts.close(id);
    assert.equal(pending(), 0);
    toasts.show({ title: 'y', timeout: 1000 });
    advance(1000);
    assert.equal(toasts.$state.get().visible.length, 0);
  });
});

describe('$opening', () => {
  beforeEach(() => resetOpening());

  it('loads once: the held opening is not fetched again; concurrent loads share one request', async () => {
    const { api, calls } = fakeApi((_method, path) => ({ status: 200, body: opening(path.endsWith(OTHER) ? OTHER : ID) }));
    const [a, b] = await Promise.all([loadOpening(api, ID), loadOpening(api, ID)]);
    assert.equal(a, b);
    await loadOpening(api, ID);
    assert.deepEqual(calls, [`GET /v2/jobs/${ID}`]);
    assert.equal($opening.get()?._id, ID);
    await loadOpening(api, OTHER);
    assert.equal($opening.get()?._id, OTHER);
    assert.equal(calls.length, 2);
  });

  it('refresh fetches again; projections are selected and merged into the held opening', async () => {
    let title = 'First';
    const { api, calls } = fakeApi(() => ({ status: 200, body: { _id: ID, title } }));
    $opening.set(opening(ID, 'PUBLISHED', 'Old'));
    title = 'New';
    await loadOpening(api, ID, { refresh: true, select: ['title'] });
    assert.deepEqual(calls, [`GET /v2/jobs/${ID}?select[]=title`]);
    assert.deepEqual($opening.get(), { ...opening(ID), title: 'New' });
  });

  it('an action answers the new state into the held opening and the list row', async () => {
    const { api, calls } = fakeApi(() => ({ status: 200, body: opening(ID, 'ARCHIVED') }));
    $opening.set(opening());
    $openings.set({ query: { page: 1, pageSize: 20 }, page: { items: [opening(), opening(OTHER)], total: 2, page: 1, pageSize: 20 }, loading: false, error: null });
    await archiveOpening(api, ID);
    assert.deepEqual(calls, [`POST /v2/jobs/${ID}/archive`]);
    assert.equal($opening.get()?.status, 'ARCHIVED');
    assert.deepEqual(
      $openings.get().page?.items.map((item) => item.status),
      ['ARCHIVED', 'PUBLISHED'],
    );
    holdOpening(opening(OTHER, 'DRAFT'));
    assert.equal($openings.get().page?.items[1]?.status, 'DRAFT');
  });

  it('delete asks can-delete first and does not delete when the server says no', async () => {
    let canBeDeleted = false;
    const { api, calls } = fakeApi((method) => (method === 'DELETE' ? { status: 204 } : { status: 200, body: { canBeDeleted, reason: 'opening.applicationsRetained' } }));
    assert.deepEqual(await deleteOpening(api, ID), { deleted: false, reason: 'opening.deleteUnavailable' });
    assert.deepEqual(calls, [`GET /v2/jobs/${ID}/can-delete`]);
    canBeDeleted = true;
    $opening.set(opening(ID, 'ARCHIVED'));
    assert.deepEqual(await deleteOpening(api, ID), { deleted: true });
    assert.deepEqual(calls.slice(1), [`GET /v2/jobs/${ID}/can-delete`, `DELETE /v2/jobs/${ID}`]);
    assert.equal($opening.get(), null);
  });

  it('the list sends page, size, search, status filter and sort in bracket notation', async () => {
    const { api, calls } = fakeApi(() => ({ status: 200, body: { items: [opening()], total: 41, page: 2, pageSize: 20 } }));
    await loadOpenings(api, { page: 2, pageSize: 20, search: ' robot ', status: ['ARCHIVED'], sort: 'title' });
    assert.deepEqual(calls, ['GET /v2/jobs?page=2&pageSize=20&search=robot&status[]=ARCHIVED&sort=title']);
    assert.equal($openings.get().page?.total, 41);
    assert.equal($openings.get().loading, false);
  });
});

describe('openingActions (state x permission)', () => {
  const everything = (permission: string) => hasPermission(ALL_PERMISSIONS, permission);
  const nothing = () => false;
  const only =
    (...granted: string[]) =>
    (permission: string) =>
      granted.includes(permission);

  const cases: [OpeningStatus, (permission: string) => boolean, OpeningAction[]][] = [
    ['DRAFT', everything, ['edit', 'publish', 'duplicate', 'export']],
    ['PUBLISHED', everything, ['edit', 'duplicate', 'createPosting', 'export', 'archive']],
    ['ARCHIVED', everything, ['duplicate', 'export', 'unarchive', 'delete']],
    ['DRAFT', nothing, []],
    ['PUBLISHED', nothing, []],
    ['ARCHIVED', nothing, []],
    ['PUBLISHED', only(PERMISSIONS.openingsArchive), ['archive']],
    ['ARCHIVED', only(PERMISSIONS.openingsArchive), ['unarchive']],
    ['DRAFT', only(PERMISSIONS.openingsArchive, PERMISSIONS.openingsDelete), []],
    ['ARCHIVED', only(PERMISSIONS.openingsDelete), ['delete']],
    ['PUBLISHED', only(PERMISSIONS.openingsDelete), []],
    ['PUBLISHED', only(PERMISSIONS.postingsCreate), ['createPosting']],
    ['ARCHIVED', only(PERMISSIONS.postingsCreate), []],
    ['DRAFT', only(PERMISSIONS.openingsManage), ['edit', 'publish']],
    ['PUBLISHED', only(PERMISSIONS.openingsCreate, PERMISSIONS.applicantsDataExport), ['duplicate', 'export']],
  ];
  for (const [status, allowed, expected] of cases) {
    it(`${status}: ${expected.join(', ') || 'nothing'}`, () => {
      assert.deepEqual(openingActions(status, allowed), expected);
    });
  }
});

describe('REFRESH_RESOURCE messages', () => {
  const ORIGIN = 'https://app.example';
  const message = (origin: string, data: unknown) => ({ origin, data });

  it('accepts only our exact origin', () => {
    const data = { type: 'REFRESH_RESOURCE', resourceName: 'opening', projections: ['title', 'status'] };
    assert.deepEqual(refreshRequestOf(message(ORIGIN, data), ORIGIN), { resourceName: 'opening', projections: ['title', 'status'] });
    for (const origin of ['https://app.example.evil.test', 'https://evil.test', 'http://app.example', 'https://app.example:444', 'null', '', 'https://APP.example.com']) {
      assert.equal(refreshRequestOf(message(origin, data), ORIGIN), null, origin);
    }
  });

  it('accepts only its type and the known stores; odd projections are dropped', () => {
    assert.equal(refreshRequestOf(message(ORIGIN, { type: 'OTHER', resourceName: 'opening' }), ORIGIN), null);
    assert.equal(refreshRequestOf(message(ORIGIN, { type: 'REFRESH_RESOURCE', resourceName: 'dashboard' }), ORIGIN), null);
    assert.equal(refreshRequestOf(message(ORIGIN, 'REFRESH_RESOURCE'), ORIGIN), null);
    assert.deepEqual(refreshRequestOf(message(ORIGIN, { type: 'REFRESH_RESOURCE', resourceName: 'company', projections: ['name', 7, 'a b', '__proto__'] }), ORIGIN), {
      resourceName: 'company',
      projections: ['name', '__proto__'],
    });
    assert.deepEqual(refreshRequestOf(message(ORIGIN, { type: 'REFRESH_RESOURCE', resourceName: 'recruiter' }), ORIGIN), { resourceName: 'recruiter', projections: [] });
  });

  it('the listener calls the named store refresh with the projections', async () => {
    const seen: string[] = [];
    const listener = createRefreshListener(ORIGIN, {
      opening: (projections) => seen.push(`opening:${projections.join(',')}`),
      recruiter: () => seen.push('recruiter'),
      company: () => seen.push('company'),
    });
    assert.equal(listener(message('https://evil.test', { type: 'REFRESH_RESOURCE', resourceName: 'opening' })), false);
    assert.equal(listener(message(ORIGIN, { type: 'REFRESH_RESOURCE', resourceName: 'opening', projections: ['status'] })), true);
    assert.equal(listener(message(ORIGIN, { type: 'REFRESH_RESOURCE', resourceName: 'recruiter' })), true);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(seen, ['opening:status', 'recruiter']);
  });
});
