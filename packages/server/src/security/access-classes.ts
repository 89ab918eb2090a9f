import type { FastifyInstance, InjectOptions } from 'fastify';

// Who may call a route, as the route matrix states it (route-access.ts): the callers, the shape of
// an entry, and the access classes, each of which fixes the status every caller gets.

export const CALLERS = ['anonymous', 'applicant', 'admin', 'viewer', 'otherOwner', 'owner'] as const;
export type Caller = (typeof CALLERS)[number];
export type Expected = Readonly<Record<Caller, number>>;

export interface RouteCase {
  expected: Expected;
  /** The request (method and URL come from the key); may prepare data first (an upload to apply with). */
  request?: (app: FastifyInstance, caller: Caller) => Promise<Omit<InjectOptions, 'method'>> | Omit<InjectOptions, 'method'>;
  /**
   * The request builder writes data first (uploads a CV): the fuzz test prepares it again for every
   * run. `'applicant'`: only the applicant caller's request prepares data (its own step flow).
   */
  prepares?: true | 'applicant';
  /** Path params for the URL pattern when no request is given. */
  params?: Readonly<Record<string, string>>;
}

/** Anyone, signed in or not, gets the same answer. */
export const publicRoute = (status: number): Expected => ({ anonymous: status, applicant: status, admin: status, viewer: status, otherOwner: status, owner: status });
/** Any signed-in person. */
export const anySession = (status: number): Expected => ({ ...publicRoute(status), anonymous: 401 });
/** Recruiters of the company; `foreign` is what the other company's owner gets (404 on Lumen's rows, or the same answer about its own data). */
export const recruiter = (status: number, foreign = 404): Expected => ({ anonymous: 401, applicant: 403, admin: 403, viewer: status, otherOwner: foreign, owner: status });
/** Recruiters holding a managing permission (owners): viewers get 403. */
export const permission = (status: number, foreign = 404): Expected => ({ ...recruiter(status, foreign), viewer: 403 });
/** The candidate's own step flow: applicants only (recruiters and admins are refused, not shown someone's steps). */
export const applicantOnly = (status: number): Expected => ({ anonymous: 401, applicant: status, admin: 403, viewer: 403, otherOwner: 403, owner: 403 });
/** Admins only. */
export const adminOnly = (status: number): Expected => ({ anonymous: 401, applicant: 403, admin: status, viewer: 403, otherOwner: 403, owner: 403 });
