import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRouter } from './resolve';
import { ROUTES } from './route-table';
import { RULES } from './rules';
import type { Middleware, RouteDefinition } from './types';

/** The table alone: every registered middleware continues (rules have their own tests). */
const router = createRouter(ROUTES, Object.fromEntries(Object.keys(RULES).map((name) => [name, (() => ({ kind: 'continue' })) as Middleware])));

describe('host route table', () => {
  it('redirects the root to /login', async () => {
    assert.deepEqual(await router.resolve('/'), { kind: 'redirect', to: '/login' });
  });

  it('redirects a one-segment catch-all to /login', async () => {
    assert.deepEqual(await router.resolve('/careers'), { kind: 'redirect', to: '/login' });
    assert.deepEqual(await router.resolve('/careers/'), { kind: 'redirect', to: '/login' });
  });

  it('serves /login as the login page', async () => {
    const result = await router.resolve('/login?forceLookup=1');
    assert.equal(result.kind, 'page');
    assert.equal(result.kind === 'page' && result.route.page, 'login');
  });

  it('resolves the full-page board with its id and query', async () => {
    const result = await router.resolve('/board/64b0b0a4d000000000000001?language=de');
    assert.equal(result.kind, 'page');
    if (result.kind !== 'page') return;
    assert.equal(result.route.layout, 'full-page-board');
    assert.equal(result.context.params.board_id, '64b0b0a4d000000000000001');
    assert.equal(result.context.query.get('language'), 'de');
  });

  it('answers a fatal 404 naming the path for a malformed board id', async () => {
    assert.deepEqual(await router.resolve('/board/not-an-id'), {
      kind: 'error',
      status: 404,
      message: 'Page Not Found: /board/not-an-id',
      fatal: true,
    });
  });

  it('answers a non-fatal 404 for an unmatched route', async () => {
    assert.deepEqual(await router.resolve('/no/such/page'), { kind: 'error', status: 404, message: 'Page not found', fatal: false });
  });

  it('does not crash on a malformed escape', async () => {
    const result = await router.resolve('/board/%E0%A4%A');
    assert.equal(result.kind, 'error');
  });
});

describe('path patterns', () => {
  const routes: RouteDefinition[] = [
    { path: '/a/:id', layout: 'default', middleware: [], page: 'login', match: { id: /^\d+$/ } },
    { path: '/a/*rest', layout: 'message', middleware: [], page: 'message' },
  ];
  const table = createRouter(routes, {});

  it('lets a failing match rule fall through to a later route', async () => {
    const numeric = await table.resolve('/a/42');
    assert.equal(numeric.kind === 'page' && numeric.route.page, 'login');
    const other = await table.resolve('/a/x');
    assert.equal(other.kind === 'page' && other.route.page, 'message');
  });

  it('takes the rest of the path with a *name segment', async () => {
    const deep = await table.resolve('/a/x/y/z');
    assert.deepEqual(deep.kind === 'page' && deep.context.params, { rest: 'x/y/z' });
    assert.equal((await table.resolve('/a')).kind, 'error');
  });
});

describe('route middleware chain', () => {
  const routes: RouteDefinition[] = [
    { path: '/a', layout: 'default', middleware: ['first', 'second'], page: 'login' },
    { path: '/b', layout: 'default', middleware: ['missing'], page: 'login' },
  ];

  it('runs middleware in order and stops at the first redirect', async () => {
    const calls: string[] = [];
    const first: Middleware = () => {
      calls.push('first');
      return { kind: 'redirect', to: '/elsewhere' };
    };
    const second: Middleware = () => {
      calls.push('second');
      return { kind: 'continue' };
    };
    const result = await createRouter(routes, { first, second }).resolve('/a');
    assert.deepEqual(result, { kind: 'redirect', to: '/elsewhere' });
    assert.deepEqual(calls, ['first']);
  });

  it('reaches the page when every middleware continues', async () => {
    const pass: Middleware = async () => ({ kind: 'continue' });
    const result = await createRouter(routes, { first: pass, second: pass }).resolve('/a');
    assert.equal(result.kind, 'page');
  });

  it("reports 'Unknown route middleware' for a name not registered", async () => {
    const result = await createRouter(routes, {}).resolve('/b');
    assert.deepEqual(result, { kind: 'error', status: 500, message: 'Unknown route middleware', fatal: true });
  });
});
