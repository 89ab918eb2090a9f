import {
  API_KEY_PREFIX,
  COMPANY_ROLE_PERMISSIONS,
  type CompanyRole,
  ERROR_KEYS,
  type ErrorKey,
  hasPermission,
  type PermissionMode,
  type Role,
  type SecondFactorStep,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
} from '@rec/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AccountRow } from '../db/schema';
import type { SessionService } from '../modules/auth/sessions';
import { HttpError } from './errors';
import { isPublicPath, isUnder, pathOf } from './public-paths';

/** Who is calling, from the session cookie only: the tenant never comes from the request. */
export interface AuthContext {
  account: Omit<AccountRow, 'password_hash'>;
  /** The company of a recruiter session; null for admins and applicants. */
  tenantId: string | null;
  role: Role;
  companyRole: CompanyRole | null;
  permissions: readonly string[];
  /** SHA-256 of the session token, to end this session; empty for a call with an API key. */
  sessionHash: string;
  /** Set when the call came with a company API key (issue 30) instead of a session: it names the key in the audit log. */
  apiKey?: { id: string; name: string };
}

/**
 * Turns an `Authorization: Bearer` key into the caller (issue 30, modules/api-keys/bearer.ts): 401
 * for an unknown, revoked or expired key, 403 for a route its scopes do not cover, 429 over its limit.
 */
export interface BearerAuth {
  /** Null when no route matched (the not-found answer follows). */
  authenticate(request: FastifyRequest, reply: FastifyReply, token: string): Promise<AuthContext | null>;
}

/**
 * The API key of an `Authorization: Bearer rec_live_…` header, else undefined. Other bearer tokens
 * (the candidates' step tokens) are their routes' own business and are left alone.
 */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const token = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header)?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : undefined;
}

/** A half-signed-in session (issue 32): the password was right, a second factor is still due. */
export interface PendingAuth extends AuthContext {
  step: SecondFactorStep;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A complete session only: a half-signed-in one is never here, so every guard refuses it. */
    auth: AuthContext | null;
    /** The half-signed-in session of the cookie, for the few routes that finish the sign-in. */
    pendingAuth: PendingAuth | null;
  }
}

export interface SessionCookie {
  name: string;
  secure: boolean;
  set(reply: FastifyReply, token: string, expiresAt: Date): void;
  clear(reply: FastifyReply): void;
}

/** `rec_session`, or `__Host-rec_session` + Secure when the public URL is https. HttpOnly, SameSite=Lax, Path=/ always. */
export function sessionCookie(publicUrl: string): SessionCookie {
  const secure = publicUrl.startsWith('https://');
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const base = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };
  return {
    name,
    secure,
    set(reply, token, expiresAt) {
      reply.setCookie(name, token, { ...base, expires: expiresAt });
      reply.header('cache-control', 'no-store');
    },
    clear(reply) {
      reply.setCookie(name, '', { ...base, maxAge: 0, expires: new Date(0) });
    },
  };
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sign-in and link requests refuse a foreign Origin even without a cookie (login CSRF). */
const AUTH_PREFIXES = ['/auth', '/v2/applicants-auth'];

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The calling page's origin is ours: PUBLIC_URL's origin, or the request's own origin (the same
 * server reached under another name, e.g. 127.0.0.1 vs localhost). Whole origins are compared,
 * scheme and port included: a page on https://host is another origin than our http://host.
 */
export function isOwnOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const caller = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (!caller) return false;
  if (caller === publicOrigin) return true;
  const host = request.headers.host;
  if (host === undefined) return false;
  // The URL parser normalises the Host header the way it normalised the caller (case, default port).
  return originOf(`${request.protocol}://${host}`) === caller;
}

export function authOf(session: { account: AccountRow; tokenHash: string }): AuthContext {
  const { password_hash: _secret, ...account } = session.account;
  const companyRole = account.type === 'recruiter' ? account.company_role : null;
  return {
    account,
    tenantId: account.type === 'recruiter' ? account.company_id : null,
    role: account.type,
    companyRole,
    permissions: companyRole ? COMPANY_ROLE_PERMISSIONS[companyRole] : [],
    sessionHash: session.tokenHash,
  };
}

/**
 * One onRequest hook: a mutating request with the session cookie must come from our origin
 * (else 403 before any work); then the cookie's session, if live, becomes `request.auth`.
 * Public widget paths never look at the cookie.
 */
export function registerAuth(app: FastifyInstance, deps: { sessions: SessionService; cookie: SessionCookie; publicUrl: string; bearer?: BearerAuth }): void {
  const { sessions, cookie, publicUrl, bearer } = deps;
  const publicOrigin = new URL(publicUrl).origin;
  app.decorateRequest('auth', null);
  app.decorateRequest('pendingAuth', null);
  const authenticate = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = request.cookies[cookie.name];
    if (MUTATING.has(request.method)) {
      const path = pathOf(request.url);
      const foreignAuthCall = request.headers.origin !== undefined && AUTH_PREFIXES.some((prefix) => isUnder(path, prefix));
      if ((token !== undefined || foreignAuthCall) && !isOwnOrigin(request, publicOrigin)) throw new HttpError(403, ERROR_KEYS.forbidden);
    }
    // An API key (issue 30) is the caller whenever it is sent, cookie or not: a browser never adds
    // this header by itself, so no origin check is due. A bad key is refused, never ignored.
    const key = bearer ? apiKeyOf(request) : undefined;
    if (bearer && key !== undefined) {
      request.auth = await bearer.authenticate(request, reply, key);
      return;
    }
    if (!token) return;
    const session = await sessions.resolve(token);
    // The one place a session becomes `request.auth`: a session still waiting for its second factor
    // (or for the enrolment required of every admin, or by the company) is not signed in for any
    // route (issue 32). An admin without a factor always resolves as such (sessions.resolve).
    if (session?.secondFactor) request.pendingAuth = { ...authOf(session), step: session.secondFactor };
    else if (session) request.auth = authOf(session);
    // A dead cookie is dropped so the browser stops sending it.
    else cookie.clear(reply);
  };
  // Public widget paths settle synchronously (done, no promise): they are most of the traffic (issue 27).
  app.addHook('onRequest', (request, reply, done) => {
    request.auth = null;
    request.pendingAuth = null;
    if (isPublicPath(request.url)) {
      done();
      return;
    }
    authenticate(request, reply).then(
      () => done(),
      (error: Error) => done(error),
    );
  });
}

/** The session of the cookie, complete or half signed in: for ending it (sign-out, a new sign-in). */
export function anySessionHash(request: FastifyRequest): string | undefined {
  return (request.auth ?? request.pendingAuth)?.sessionHash;
}

/** The 401 key of a half-signed-in caller: the page then knows to ask for the code or the enrolment. */
function pendingKey(request: FastifyRequest): ErrorKey | undefined {
  if (!request.pendingAuth) return undefined;
  return request.pendingAuth.step === 'verify' ? ERROR_KEYS.secondFactorRequired : ERROR_KEYS.enrolmentRequired;
}

/**
 * Who a guard pre-handler admits, so the API document derives each route's security requirement
 * from the guard it really runs (api-docs/security.ts) instead of from a hand-kept list.
 */
export interface GuardDescription {
  /** The roles admitted; every role when empty. */
  roles: readonly Role[];
  /** The company permissions required (recruiters only), when the guard is requirePermission. */
  permissions?: readonly string[];
}

const GUARD_OF = new WeakMap<object, GuardDescription>();

/** What a pre-handler made by requireRole or requirePermission admits; undefined for any other function. */
export function guardOf(handler: unknown): GuardDescription | undefined {
  return typeof handler === 'function' ? GUARD_OF.get(handler) : undefined;
}

/** 401 without a session, 403 when the session's role is not one of `roles`. */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  const handler: preHandlerAsyncHookHandler = async (request) => checkRole(request, ...roles);
  GUARD_OF.set(handler, { roles });
  return handler;
}

/** requireRole's check, for hooks that run earlier (an upload route's admit check, before the body). */
export function checkRole(request: FastifyRequest, ...roles: Role[]): void {
  if (!request.auth) throw new HttpError(401, pendingKey(request) ?? ERROR_KEYS.authRequired);
  if (roles.length && !roles.includes(request.auth.role)) throw new HttpError(403, ERROR_KEYS.forbidden);
}

/** 401 without a session, 403 unless the session's permissions satisfy `required` (core's hasPermission). */
export function requirePermission(required: string | readonly string[], mode: PermissionMode = 'every'): preHandlerAsyncHookHandler {
  const handler: preHandlerAsyncHookHandler = async (request) => checkPermission(request, required, mode);
  // Permissions are a company role's: only recruiter sessions ever hold one.
  GUARD_OF.set(handler, { roles: ['recruiter'], permissions: [required].flat() });
  return handler;
}

/** requirePermission's check, for hooks that run earlier (an upload route's admit check). */
export function checkPermission(request: FastifyRequest, required: string | readonly string[], mode: PermissionMode = 'every'): void {
  if (!request.auth) throw new HttpError(401, pendingKey(request) ?? ERROR_KEYS.authRequired);
  if (!hasPermission(request.auth.permissions, required, mode)) throw new HttpError(403, ERROR_KEYS.forbidden);
}

/** The auth of a request that passed requireRole; a route without the guard gets a 401 instead of a crash. */
export function authOrThrow(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, ERROR_KEYS.authRequired);
  return request.auth;
}

/** The company of a recruiter session; the tenant never comes from the request. */
export function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw new HttpError(403, ERROR_KEYS.forbidden);
  return auth.tenantId;
}
