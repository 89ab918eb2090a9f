import type { FastifyInstance, RouteOptions } from 'fastify';
import type * as v from 'valibot';
import { type GuardDescription, guardOf } from '../../http/auth';
import { type RequestRules, requestRulesOf } from '../../http/validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the API document says of a route beyond its validated input. */
    apiDoc?: { summary?: string; response?: v.GenericSchema<unknown, unknown>; access?: ApiAccess };
  }
}

/**
 * Who may call a route whose guard is not a hook (it checks in the handler): `public` (anyone),
 * `session` (any signed-in account, the cookie), `stepsToken` (the steps' bearer token or an
 * applicant session). Routes guarded by requireRole/requirePermission need none: it is read from the guard.
 */
export type ApiAccess = 'public' | 'session' | 'stepsToken';

export interface RegisteredRoute {
  method: string;
  /** Fastify's pattern, e.g. `/v2/boards/:id`. */
  url: string;
  /** What the route's validateRequest pre-handlers check (empty when it validates nothing). */
  rules: RequestRules;
  summary?: string | undefined;
  response?: v.GenericSchema<unknown, unknown> | undefined;
  /** What the route receives when it accepts bytes (its upload guard's kind), else undefined. */
  upload?: string | undefined;
  /** The session guards its hooks run (requireRole, requirePermission): its security is derived from them. */
  guards: readonly GuardDescription[];
  /** Who may call a route that checks its caller in the handler (no guard hook to read it from). */
  access?: ApiAccess | undefined;
}

/** The guards of a route's hooks, whichever hook runs them (the upload routes admit in onRequest/preValidation). */
function guardsOf(route: RouteOptions): GuardDescription[] {
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flatMap((hook) => [hook ?? []].flat());
  return hooks.map(guardOf).filter((guard): guard is GuardDescription => guard !== undefined);
}

function rulesOf(route: RouteOptions): RequestRules {
  const rules: RequestRules = {};
  for (const handler of [route.preHandler ?? []].flat()) Object.assign(rules, requestRulesOf(handler) ?? {});
  return rules;
}

/**
 * Every route as Fastify registers it (its onRoute hook): the API document is generated from this
 * list, so a new route appears in it without anyone remembering to add it. Must be called before
 * any route is registered.
 */
export function recordRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const rules = rulesOf(route);
    const guards = guardsOf(route);
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url ?? route.path, rules, summary: route.config?.apiDoc?.summary, response: route.config?.apiDoc?.response, upload: route.config?.upload?.kind, guards, access: route.config?.apiDoc?.access });
    }
  });
  return routes;
}
