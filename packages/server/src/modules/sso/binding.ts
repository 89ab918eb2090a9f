import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SSO_ATTEMPT_MINUTES } from '@rec/core';

/**
 * The browser that starts an SSO sign-in gets a random binding token in an HttpOnly cookie; the
 * callback is accepted only with it (a code and state sent to someone else's browser sign in no one:
 * login CSRF). The PKCE verifier and the nonce of an attempt are derived from the binding and the
 * state, so the database keeps hashes only and a database dump cannot finish an attempt.
 */
export const SSO_BINDING_COOKIE = 'rec_sso';
export const SECURE_SSO_BINDING_COOKIE = '__Host-rec_sso';

const derive = (binding: string, purpose: string, state: string) => createHmac('sha256', binding).update(`${purpose}.${state}`).digest('base64url');
/** 43 characters of base64url: a valid RFC 7636 verifier. */
export const codeVerifierOf = (binding: string, state: string) => derive(binding, 'pkce', state);
export const nonceOf = (binding: string, state: string) => derive(binding, 'nonce', state);

export const isTokenShaped = (value: string | undefined): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{40,100}$/.test(value);

export interface BindingCookie {
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, value: string): void;
}

/** SameSite=Lax: the IdP's redirect back is a top-level GET navigation, which carries it. */
export function bindingCookie(publicUrl: string): BindingCookie {
  const secure = publicUrl.startsWith('https://');
  const name = secure ? SECURE_SSO_BINDING_COOKIE : SSO_BINDING_COOKIE;
  return {
    read(request) {
      const value = request.cookies[name];
      return isTokenShaped(value) ? value : undefined;
    },
    set(reply, value) {
      reply.setCookie(name, value, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: SSO_ATTEMPT_MINUTES * 60 });
    },
  };
}
