import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { PERMISSIONS } from '@rec/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { requirePermission, requireRole } from '../../http/auth';
import type { DatabaseHandle } from '../../db/database';
import { ROUTE_ACCESS } from '../../security/route-access';
import { testAppConfig, testBackends } from '../../testing/test-database';
import { NOT_IN_API_DOCUMENT, openApiDocument, openApiPath } from './openapi';
import { recordRoutes } from './route-registry';

type Media = { schema: unknown; example?: unknown };
type Operation = {
  summary?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, Record<string, string>> } };

/**
 * Redocly's `recommended` ruleset on a document (issue 30): errors fail, warnings are counted.
 * Redocly over Spectral: one package whose rules cover OpenAPI 3.1 (security-defined, operation-summary
 * among them) without a ruleset file or a YAML parser of its own to configure.
 */
async function lintOpenApi(document: unknown): Promise<{ errors: string[]; warnings: string[] }> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  const lines = (severity: string) =>
    problems.filter((problem) => problem.severity === severity).map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`);
  return { errors: lines('error'), warnings: lines('warn') };
}

describe('/openapi.json under Redocly’s recommended rules', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let document: Document;
  before(async () => {
    // The document does not depend on the backend: PGlite alone.
    handle = await testBackends()[0]!.open();
    app = await buildApp({ db: handle.db, config: testAppConfig(), logger: false });
    const response = await app.inject({ url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    document = response.json();
  });
  after(async () => {
    await app.close();
    await handle.close();
  });

  it('has no lint error (a new route needs config.apiDoc.summary, and a guard or apiDoc.access)', async (t) => {
    const { errors, warnings } = await lintOpenApi(document);
    t.diagnostic(`${warnings.length} warnings: ${warnings.join(' | ')}`);
    assert.deepEqual(errors, [], `${errors.length} lint errors`);
    // The generated examples conform to their schemas (a warning in the ruleset, a failure here).
    assert.deepEqual(
      warnings.filter((warning) => /^no-invalid-(media-type|parameter|schema)-examples/.test(warning)),
      [],
    );
  });

  it('shows an example for every JSON request body and typed answer, generated from its schema', () => {
    const missing: string[] = [];
    let examples = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const media = [operation.requestBody?.content['application/json'], operation.responses['200']?.content?.['application/json']];
        for (const [index, content] of media.entries()) {
          if (!content) continue;
          if ((content as { example?: unknown }).example === undefined) missing.push(`${method.toUpperCase()} ${path} ${index ? 'answer' : 'body'}`);
          else examples += 1;
        }
      }
    }
    assert.deepEqual(missing, []);
    assert.ok(examples > 50, `${examples} examples`);
  });

  it('derives each operation’s security from how its route is guarded', () => {
    const op = (path: string, method: string) => document.paths[path]?.[method];
    assert.deepEqual(Object.keys(document.components.securitySchemes).sort(), ['apiKey', 'session', 'stepsToken']);
    assert.deepEqual(document.components.securitySchemes.session, { ...document.components.securitySchemes.session, type: 'apiKey', in: 'cookie', name: 'rec_session' });
    // requirePermission: a recruiter's session or the company's API key.
    assert.deepEqual(op('/v2/team', 'get')?.security, [{ session: [] }, { apiKey: [] }]);
    // requireRole('applicant') and requireRole('admin'): the session only.
    assert.deepEqual(op('/v2/applicants/candidatures', 'get')?.security, [{ session: [] }]);
    assert.deepEqual(op('/v2/admin/companies', 'get')?.security, [{ session: [] }]);
    // The steps: their bearer token (embedded flow) or the applicant's session.
    assert.deepEqual(op('/v2/application-steps/next', 'get')?.security, [{ stepsToken: [] }, { session: [] }]);
    // Public widget paths and declared public routes: no requirement.
    assert.deepEqual(op('/v2/boards/{id}', 'get')?.security, []);
    assert.deepEqual(op('/auth/password/sign-in', 'post')?.security, []);
  });

  it('agrees with the route matrix’s access table (a public route answers every caller alike, a guarded one refuses anonymous callers)', () => {
    // The realtime socket's plain GET answers 426 to everyone, but what the socket carries needs the session.
    const exceptions = new Set(['GET /v2/realtime']);
    const disagreements: string[] = [];
    for (const [key, { expected }] of Object.entries(ROUTE_ACCESS)) {
      const [method = '', url = ''] = key.split(' ');
      if (NOT_IN_API_DOCUMENT.includes(url) || method === 'HEAD' || method === 'OPTIONS' || exceptions.has(key)) continue;
      const security = document.paths[openApiPath(url)]?.[method.toLowerCase()]?.security;
      const isPublic = security !== undefined && security.length === 0;
      const sameForAll = new Set(Object.values(expected)).size === 1;
      // A public route answers every caller alike; a guarded one refuses the anonymous caller (the
      // half-signed-in routes refuse every caller of the matrix alike: none of them is half signed in).
      if (isPublic ? !sameForAll : sameForAll && expected.anonymous !== 401) disagreements.push(`${key}: security ${JSON.stringify(security)}, matrix ${JSON.stringify(expected)}`);
    }
    assert.deepEqual(disagreements, []);
  });
});

describe('the lint test catches an undocumented route', () => {
  it('fails a route without a summary, and a route whose guard cannot be told', async () => {
    const app = Fastify();
    const routes = recordRoutes(app);
    app.get('/v2/things', { config: { apiDoc: { summary: 'The things' } }, preHandler: requirePermission(PERMISSIONS.teamManage) }, async () => []);
    app.get('/v2/things/mine', { preHandler: requireRole('applicant') }, async () => []);
    app.post('/v2/things', async () => ({}));
    await app.ready();
    const document = openApiDocument(routes, 'http://rec.test') as Document;
    assert.deepEqual(document.paths['/v2/things']?.get?.security, [{ session: [] }, { apiKey: [] }]);
    assert.equal(document.paths['/v2/things']?.post?.security, undefined, 'no requirement when nothing tells');
    const { errors } = await lintOpenApi(document);
    assert.deepEqual(errors.map((error) => error.split(':')[0]).sort(), [
      'operation-summary at #/paths/~1v2~1things/post/summary',
      'operation-summary at #/paths/~1v2~1things~1mine/get/summary',
      'security-defined at #/paths/~1v2~1things/post',
    ]);
    await app.close();
  });
});
