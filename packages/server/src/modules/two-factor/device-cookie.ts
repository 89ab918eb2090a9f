import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * "Remember this device" (issue 32): a random token in an HttpOnly cookie, its SHA-256 in
 * `two_factor_devices`. `__Host-` + Secure over https, like the session cookie. Path=/auth: only
 * the sign-in routes ever read it, so no other request carries it.
 */
export interface DeviceCookie {
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string, expiresAt: Date): void;
}

export function deviceCookie(publicUrl: string): DeviceCookie {
  const secure = publicUrl.startsWith('https://');
  // `__Host-` requires Path=/, so the secure variant is `__Secure-` with the narrower path.
  const name = secure ? '__Secure-rec_2fa_device' : 'rec_2fa_device';
  return {
    read: (request) => request.cookies[name],
    set(reply, token, expiresAt) {
      reply.setCookie(name, token, { httpOnly: true, sameSite: 'lax', path: '/auth', secure, expires: expiresAt });
    },
  };
}
