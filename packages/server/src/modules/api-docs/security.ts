import { isPublicPath } from '../../http/public-paths';
import type { RegisteredRoute } from './route-registry';

/** A scheme name of `components.securitySchemes`, with the scopes it asks (none: ours are not OAuth). */
type SecurityRequirement = Record<string, string[]>;

/**
 * The ways a caller proves who they are. `session`: the HttpOnly cookie the sign-in sets (its name
 * depends on the public URL: `__Host-` under https). `apiKey`: a company's API key as a bearer token,
 * for the recruiter routes. `stepsToken`: the bearer token the apply answer carries, with which an
 * embedded `<rec-applicant-steps>` goes through the steps from a career site without any cookie.
 */
export function securitySchemes(sessionCookieName: string): Record<string, Record<string, string>> {
  return {
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: sessionCookieName,
      description: 'The session cookie set by a sign-in (recruiters, admins, applicants). Mutating requests must come from this origin.',
    },
    apiKey: {
      type: 'http',
      scheme: 'bearer',
      description: 'A company API key (`Authorization: Bearer <key>`), acting for its company on the recruiter routes.',
    },
    stepsToken: {
      type: 'http',
      scheme: 'bearer',
      description: 'The application’s steps token from the apply answer (`Authorization: Bearer <token>`), for the application steps of one application.',
    },
  };
}

const SESSION: SecurityRequirement = { session: [] };
const API_KEY: SecurityRequirement = { apiKey: [] };
const STEPS_TOKEN: SecurityRequirement = { stepsToken: [] };

/**
 * Who may call a route, derived from how it is guarded: its requireRole/requirePermission hooks
 * (recruiter routes take a session or an API key), else what its `apiDoc.access` says for a route
 * that checks in its handler, else a public widget path (no cookie is ever read there). Undefined
 * when nothing tells: the document then has no requirement for it, which the lint test refuses.
 * Alternatives are ORed (OpenAPI: any one requirement of the list suffices); `[]` is public.
 */
export function securityOf(route: RegisteredRoute): SecurityRequirement[] | undefined {
  if (route.guards.length > 0) {
    // Every guard must pass: recruiters are admitted when each guard naming roles names them.
    // An API key acts for a company, so it goes only where a guard names recruiters (not "any signed-in account").
    const named = route.guards.filter((guard) => guard.roles.length > 0);
    const recruiters = named.length > 0 && named.every((guard) => guard.roles.includes('recruiter'));
    return recruiters ? [SESSION, API_KEY] : [SESSION];
  }
  switch (route.access) {
    case 'public':
      return [];
    case 'session':
      return [SESSION];
    case 'stepsToken':
      return [STEPS_TOKEN, SESSION];
    default:
      return isPublicPath(route.url) ? [] : undefined;
  }
}

/** The permissions a route's guards require, for its description (the scheme says how, this says who). */
export function permissionsOf(route: RegisteredRoute): string[] {
  return route.guards.flatMap((guard) => guard.permissions ?? []);
}
