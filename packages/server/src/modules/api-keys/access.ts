import { API_KEY_SCOPE_PERMISSIONS, type ApiKeyLevel, type ApiKeyResource, type ApiKeyScopes, COMPANY_ROLE_PERMISSIONS, type CompanyRole, type Permission } from '@rec/core';
import { isUnder } from '../../http/public-paths';

/**
 * Which resource each recruiter route belongs to, by its registered pattern (most specific first).
 * A route of none (team, company settings, integrations, API keys, the account, sign-in) is for
 * signed-in people only: a key is refused there whatever its scopes (deny by default, so a route
 * added later is closed to keys until it is placed here).
 */
const ROUTE_RESOURCES: readonly (readonly [string, ApiKeyResource])[] = [
  ['/v2/jobs/:id/postings', 'postings'],
  ['/v2/jobs/:id/applications', 'candidates'],
  ['/v2/jobs/:id/export', 'candidates'],
  ['/v2/jobs', 'openings'],
  ['/v2/recruiter/openings', 'candidates'],
  ['/v2/recruiter/candidates', 'candidates'],
  ['/v2/recruiter/appointments', 'candidates'],
  ['/v2/talent-pools', 'candidates'],
  ['/v2/storage/:id', 'candidates'],
  ['/v2/insights', 'analytics'],
];

/** The resource of a registered route pattern, or undefined when keys may not call it. */
export function resourceOfRoute(routeUrl: string): ApiKeyResource | undefined {
  return ROUTE_RESOURCES.find(([prefix]) => isUnder(routeUrl, prefix))?.[1];
}

/** Methods that only read: the only ones a `read` scope allows. */
export function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

export type ScopeDecision = { ok: true; permissions: readonly Permission[] } | { ok: false; reason: 'sessionOnly' | 'scope' };

/**
 * What a key may do on one route: the permissions of its scope for the route's resource, never more
 * than its creator's role holds today (a creator demoted to viewer takes their keys' writes away)
 * and never an owner-only permission (the scope table has none).
 */
export function decideScope(scopes: ApiKeyScopes, creatorRole: CompanyRole, method: string, routeUrl: string): ScopeDecision {
  const resource = resourceOfRoute(routeUrl);
  if (!resource) return { ok: false, reason: 'sessionOnly' };
  const level: ApiKeyLevel | undefined = scopes[resource];
  if (!level || (level === 'read' && !isReadMethod(method))) return { ok: false, reason: 'scope' };
  const held = new Set<string>(COMPANY_ROLE_PERMISSIONS[creatorRole]);
  return { ok: true, permissions: API_KEY_SCOPE_PERMISSIONS[resource][level].filter((permission) => held.has(permission)) };
}
