import { toJsonSchema } from '@valibot/to-json-schema';
import { schemaExample } from './schema-example';
import type * as v from 'valibot';
import { sessionCookie } from '../../http/auth';
import type { RequestRule } from '../../http/validation';
import type { RegisteredRoute } from './route-registry';
import { permissionsOf, securityOf, securitySchemes } from './security';
import { TAG_DESCRIPTIONS } from './tags';

/**
 * Routes that are no API: pages, files and the documentation itself. Listed one by one, so a new
 * route is documented unless someone decides here that it is not part of the API.
 */
export const NOT_IN_API_DOCUMENT: readonly string[] = [
  // Server-rendered pages (HTML whatever the Accept header; their data is under /v2).
  '/offer/c/:id',
  '/offer/:id',
  '/board/:id',
  // Static files of the build (@fastify/static) and the SPA.
  '/widgets/*',
  '/*',
  // The documentation.
  '/openapi.json',
  '/docs',
  '/docs/docs.css',
  // The development mail outbox (never in production).
  '/dev/outbox',
  '/dev/outbox.json',
  // End-to-end fixtures (test servers only).
  '/test/fixtures/companies',
  '/test/fixtures/admins',
];

/** Methods an operation is written for; HEAD comes with GET, OPTIONS is the CORS preflight. */
const DOCUMENTED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect); checks JSON Schema cannot say (custom checks, transforms) are left out. */
function jsonSchemaOf(schema: v.GenericSchema<unknown, unknown>): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', errorMode: 'ignore' }) as JsonSchema;
  return rest;
}

/** A JSON media type: its schema, and an example generated from that schema (issue 30). */
function mediaType(schema: JsonSchema): JsonSchema {
  const example = schemaExample(schema);
  return example === undefined ? { schema } : { schema, example };
}

/** `/v2/boards/:id` -> `/v2/boards/{id}` */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(rule: RequestRule | undefined, location: 'path' | 'query', url: string): JsonSchema[] {
  const pathNames = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  const schema = rule ? jsonSchemaOf(rule.schema) : undefined;
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  if (location === 'path') {
    return pathNames.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } }));
  }
  if (!schema) return [];
  if (schema.properties) {
    return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
  }
  // A free-form query (filters as `k[]=a&k[]=b`): one exploded object parameter.
  return [{ name: 'query', in: 'query', style: 'form', explode: true, schema }];
}

const ERROR_RESPONSE = {
  description: 'An error: `error` is a translation key (400, 401, 403, 404, 409, 410, 413, 415, 422, 429).',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { statusCode: { type: 'integer' }, error: { type: 'string', examples: ['board.notFound'] } },
        required: ['statusCode', 'error'],
      },
    },
  },
};

/** The OpenAPI 3.1 document of every registered route not listed in NOT_IN_API_DOCUMENT. */
export function openApiDocument(routes: readonly RegisteredRoute[], publicUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const excluded = new Set(NOT_IN_API_DOCUMENT);
  const tags = new Set<string>();
  for (const route of routes) {
    if (!DOCUMENTED_METHODS.has(route.method) || excluded.has(route.url)) continue;
    const path = openApiPath(route.url);
    const method = route.method.toLowerCase();
    const tag = /^\/(?:v2\/)?([^/{]+)/.exec(path)?.[1] ?? 'root';
    const security = securityOf(route);
    const permissions = permissionsOf(route);
    tags.add(tag);
    const operation: JsonSchema = {
      operationId: `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ? next.toUpperCase() : ''))}`,
      tags: [tag],
      ...(route.summary ? { summary: route.summary } : {}),
      ...(permissions.length ? { description: `Recruiters holding ${permissions.map((permission) => `\`${permission}\``).join(' and ')}.` } : {}),
      // No requirement at all when the guard cannot be told: the lint test names such a route.
      ...(security ? { security } : {}),
      parameters: [...parameters(route.rules.params, 'path', route.url), ...parameters(route.rules.query, 'query', route.url)],
      ...(route.rules.body ? { requestBody: { required: true, content: { 'application/json': mediaType(jsonSchemaOf(route.rules.body.schema)) } } } : {}),
      responses: {
        '200': route.response ? { description: 'OK', content: { 'application/json': mediaType(jsonSchemaOf(route.response)) } } : { description: 'OK' },
        '4XX': ERROR_RESPONSE,
      },
    };
    paths[path] ??= {};
    paths[path][method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Recruitment platform API',
      version: 'v2',
      description: 'Generated from the valibot schemas the routes validate with (packages/core).',
    },
    servers: [{ url: publicUrl }],
    tags: [...tags].sort().map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { securitySchemes: securitySchemes(sessionCookie(publicUrl).name) },
  };
}
