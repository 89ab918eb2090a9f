import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { invitation, oauthCallback, removeData, sameOriginPath } from './rules';
import type { RouteServices } from './services';
import type { MiddlewareResult, NavigationContext } from './types';

/**
 * Property tests of the open-redirect guard: whatever trick a `state` (or an answer's redirectTo)
 * carries, the address we send the browser to stays on our origin.
 */
const ORIGIN = 'https://jobs.example.com';
/** The page the redirect happens on: a relative target resolves against it, as in the browser. */
const CALLBACK_PAGES = [`${ORIGIN}/offer/apply/oauth/indeed`, `${ORIGIN}/oauth/cronofy`];

/** Pieces attackers combine: slashes, dot segments, encodings, whitespace, userinfo, schemes, hosts. */
const TRICKS = [
  '/', '//', '///', '/\\', '\\', '\\\\', '\\/', '/./', '/../', '.', '..', './', '../',
  '%2F', '%2f', '%5C', '%5c', '%2e', '%2E%2E', '%252F', '%09', '%0a', '%0D',
  '\t', '\n', '\r', ' ', '\u0000', '\u00a0', '\u3002', '@', 'user:pass@', 'user@', ':', ':9',
  'http:', 'HTTP:', 'hTtPs:', 'https:', 'javascript:', 'JaVaScRiPt:', 'data:', 'file:', 'mailto:',
  'evil.example', 'EVIL.example', '127.0.0.2:9', '[::1]', '0x7f.1', 'phish', 'a',
  '//evil.example', 'https://evil.example', 'HTTPS://EVIL.EXAMPLE', ORIGIN, `${ORIGIN}.evil.example`,
  `${ORIGIN}@evil.example`, 'https://jobs.example.com:444', 'http://jobs.example.com', '?', '#', '&', '=',
];

const trickyTarget = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...TRICKS), { minLength: 1, maxLength: 10 }).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...TRICKS), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 8 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

function context(url: string, params: Record<string, string> = {}): NavigationContext {
  const parsed = new URL(url, ORIGIN);
  return { pathname: parsed.pathname, query: parsed.searchParams, params, data: {} };
}

/** Where a browser ends up when told to go to `to` from `page` (tabs and newlines are dropped by URL parsing). */
function assertStaysHome(result: MiddlewareResult, label: string): void {
  assert.equal(result.kind, 'redirect', label);
  if (result.kind !== 'redirect') return;
  const to = result.to;
  assert.match(to, /^\/(?![/\\])/, `${label}: ${JSON.stringify(to)} must be a path with one leading slash`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: those are what a browser strips from a URL
  assert.doesNotMatch(to, /[\t\n\r\u0000]/, `${label}: ${JSON.stringify(to)} carries characters a browser strips`);
  for (const page of CALLBACK_PAGES) {
    assert.equal(new URL(to, page).origin, ORIGIN, `${label}: ${JSON.stringify(to)} leaves the origin from ${page}`);
  }
}

const services = (overrides: Partial<RouteServices> = {}) => ({ origin: ORIGIN, ...overrides }) as RouteServices;

describe('open redirects: every target stays on our origin', () => {
  it('the attack run’s reproduction ends on our origin', async () => {
    const state = '%2F.%2F%2Fa%2F.%2F%2F127.0.0.2%3A9%2Fphish';
    for (const path of ['/offer/apply/oauth/indeed', '/oauth/cronofy']) {
      const result = await oauthCallback(context(`${path}?state=${state}&code=abc`), services());
      assertStaysHome(result, path);
      assert.equal(result.kind === 'redirect' && result.to, '/a//127.0.0.2:9/phish?code=abc');
    }
  });

  it('OAuth callbacks, with the state as sent (decoded once) and percent-encoded', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(trickyTarget, fc.boolean(), fc.constantFrom('/offer/apply/oauth/indeed', '/oauth/cronofy'), async (state, encode, path) => {
        runs++;
        const query = `state=${encode ? encodeURIComponent(state) : state.replace(/[&#]/g, encodeURIComponent)}&code=abc`;
        assertStaysHome(await oauthCallback(context(`${path}?${query}`), services()), `${path}?${query}`);
      }),
      { numRuns: 3000 },
    );
    assert.equal(runs >= 3000, true);
  });

  it('sameOriginPath answers a same-origin path or null, never another host', () => {
    fc.assert(
      fc.property(trickyTarget, (target) => {
        const path = sameOriginPath(target, ORIGIN);
        if (path !== null) assertStaysHome({ kind: 'redirect', to: path }, JSON.stringify(target));
      }),
      { numRuns: 3000 },
    );
  });

  it('server answers (invitation, data removal) cannot redirect away either', async () => {
    await fc.assert(
      fc.asyncProperty(trickyTarget, async (redirectTo) => {
        const fromRemoval = await removeData(context('/applicant/removeData/t/s', { token: 't' }), services({ removeApplicantData: async () => ({ redirectTo }) }));
        assertStaysHome(fromRemoval, `removeData ${JSON.stringify(redirectTo)}`);
        const nav = context('/invite/abc', { invitationLink: 'abc' });
        const fromInvitation = await invitation(nav, services({ fetchInvitation: async () => ({ redirectTo }) }));
        if (fromInvitation.kind !== 'continue') assertStaysHome(fromInvitation, `invitation ${JSON.stringify(redirectTo)}`);
      }),
      { numRuns: 1000 },
    );
  });
});
