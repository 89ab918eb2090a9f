import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID provider for tests (issue 32): oidc-provider on 127.0.0.1 with one confidential
 * client for us, its development login form (any login, any password: the login IS the account
 * and its e-mail), and consent given at once (a company's IdP trusts its own app). A login that
 * starts with `unverified` gets `email_verified: false`. Used by the server test (driveLogin) and
 * the Playwright spec (the browser fills the form).
 */
export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startTestIdp(options: { redirectUri: string; port?: number; clientId?: string; clientSecret?: string }): Promise<TestIdp> {
  const clientId = options.clientId ?? 'rec-platform';
  const clientSecret = options.clientSecret ?? `test-secret-${Math.random().toString(36).slice(2)}`;
  let handler: RequestListener | undefined;
  const server: Server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: id, email_verified: !id.startsWith('unverified'), given_name: 'Sam', family_name: 'Single' };
        },
      };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const known = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (known) return ctx.oidc.provider.Grant.find(known);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    cookies: { keys: ['rec-test-idp-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Drives the provider's pages with fetch as a browser would (cookies kept per run): the
 * authorization request, the login form as `login`, until the provider redirects to `redirectUri`.
 * Answers that redirect (with code, state and iss, or an error).
 */
export async function driveLogin(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop += 1) {
    let response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    keep(response);
    if (response.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
      const page = await response.text();
      const prompt = page.includes('name="prompt" value="login"') ? 'login' : 'consent';
      const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt });
      response = await fetch(url, { method: 'POST', redirect: 'manual', body: form, headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' } });
      keep(response);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url} with ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUri)) return next;
    url = next.href;
  }
  throw new Error('too many redirects at the provider');
}
