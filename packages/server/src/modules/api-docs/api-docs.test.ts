import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ObjectIdSchema } from '@rec/core';
import Fastify, { type FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { buildApp } from '../../app';
import { validateRequest } from '../../http/validation';
import { describeEachBackend, testAppConfig } from '../../testing/test-database';
import { NOT_IN_API_DOCUMENT, openApiDocument, openApiPath } from './openapi';
import { recordRoutes } from './route-registry';

type Operation = {
  parameters: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

describeEachBackend('OpenAPI document and /docs', (context) => {
  let distDir = '';
  let app: FastifyInstance;
  let document: Document;
  before(async () => {
    // A build on disk, so the static routes are registered too (and must be listed as not API).
    distDir = mkdtempSync(join(tmpdir(), 'rec-docs-dist-'));
    mkdirSync(join(distDir, 'host'), { recursive: true });
    mkdirSync(join(distDir, 'widgets'), { recursive: true });
    writeFileSync(join(distDir, 'host', 'index.html'), '<!doctype html><title>Host</title><div id="root"></div>');
    writeFileSync(join(distDir, 'widgets', 'rec-widgets.js'), 'export {};');
    app = await buildApp({ db: context.db, config: testAppConfig({ distDir }), logger: false });
    const response = await app.inject({ url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    document = response.json();
  });
  after(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('documents every registered route except the pages and files listed as no API', () => {
    assert.equal(document.openapi, '3.1.0');
    const routes = app.registeredRoutes.filter((route) => !['HEAD', 'OPTIONS'].includes(route.method));
    assert.ok(routes.length > 40, `${routes.length} routes`);
    const missing = routes
      .filter((route) => !NOT_IN_API_DOCUMENT.includes(route.url))
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    assert.deepEqual(missing, [], 'routes missing from /openapi.json');
    // The exclusions name real routes: a stale entry would hide a future route of that path.
    const registered = new Set(app.registeredRoutes.map((route) => route.url));
    assert.deepEqual(
      NOT_IN_API_DOCUMENT.filter((url) => !registered.has(url)),
      [],
      'every exclusion is a registered route',
    );
    for (const url of NOT_IN_API_DOCUMENT) assert.equal(document.paths[openApiPath(url)], undefined, `${url} is no API`);
  });

  it('takes parameters, bodies and answers from the valibot schemas the routes validate with', () => {
    const board = document.paths['/v2/boards/{id}/offers']?.get;
    assert.ok(board);
    const id = board.parameters.find((parameter) => parameter.name === 'id');
    assert.deepEqual(id, { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{24}$' } });
    assert.ok(board.parameters.some((parameter) => parameter.name === 'language' && parameter.in === 'query' && !parameter.required));
    assert.equal(board.responses['200']?.content?.['application/json']?.schema.type, 'array');

    const patch = document.paths['/v2/jobs/{id}/postings/{postingId}']?.patch;
    assert.ok(patch?.requestBody, 'a request body');
    const body = patch.requestBody.content['application/json']?.schema as { properties: Record<string, unknown>; additionalProperties?: unknown };
    assert.deepEqual(Object.keys(body.properties).sort(), ['addressCountry', 'channels', 'confirmMissingPrivacyNotice', 'contents', 'employmentType', 'language', 'remote', 'salary', 'validThrough']);
    assert.equal(body.additionalProperties, false, 'strict objects stay strict');
    assert.deepEqual(
      patch.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
      ['id', 'postingId'],
    );
    // Every {name} of every path has its parameter.
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const operation of Object.values(operations)) {
        const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        for (const name of names) assert.ok(operation.parameters.some((parameter) => parameter.in === 'path' && parameter.name === name), `${path}: ${name}`);
      }
    }
  });

  it('serves /docs as a self-contained page in the visitor’s language, under our CSP', async () => {
    const page = await app.inject({ url: '/docs', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
    assert.match(String(page.headers['content-security-policy']), /style-src 'self'/);
    assert.match(page.body, /<html lang="fr">/);
    assert.match(page.body, /<h1>API de la plateforme de recrutement<\/h1>/);
    assert.ok(!/<script|<style|style="|https?:\/\/(?!rec\.test)/.test(page.body), 'no script, no inline style, nothing from elsewhere');
    for (const path of Object.keys(document.paths)) assert.ok(page.body.includes(`<code>${path.replace(/&/g, '&#38;')}</code>`), path);
    const css = await app.inject({ url: '/docs/docs.css' });
    assert.equal(css.statusCode, 200);
    assert.match(String(css.headers['content-type']), /^text\/css/);
    const polish = await app.inject({ url: '/docs?language=pl' });
    assert.match(polish.body, /<h1>API platformy rekrutacyjnej<\/h1>/);
  });
});

describe('route registry', () => {
  it('documents a route the moment it is registered, in any plugin, with the rules it validates', async () => {
    const app = Fastify();
    const routes = recordRoutes(app);
    await app.register(async (plugin) => {
      plugin.post(
        '/v2/things/:thingId',
        { preHandler: validateRequest({ params: { schema: v.object({ thingId: ObjectIdSchema }), errorKey: 'errors.invalidId' }, body: { schema: v.object({ name: v.string() }), errorKey: 'errors.badRequest' } }) },
        async () => ({}),
      );
    });
    await app.ready();
    const document = openApiDocument(routes, 'http://rec.test') as Document;
    const operation = document.paths['/v2/things/{thingId}']?.post;
    assert.ok(operation, 'the new route is in the document');
    assert.deepEqual(operation.requestBody?.content['application/json']?.schema, { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
    await app.close();
  });
});
