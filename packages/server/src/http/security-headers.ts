import type { FastifyInstance } from 'fastify';
import { pathOf } from './public-paths';

/**
 * The kinds of HTML page, and what each may do (one table: a page built later picks a kind here
 * and inherits its whole policy):
 * - `private`: back-office, sign-in and applicant pages: never framed (a hostile page cannot
 *   overlay them and steal clicks), no camera or microphone;
 * - `interview`: the applicant's interview step: not framed, camera and microphone for our origin;
 * - `embeddable`: public board, referral and message pages: framed by career sites, no camera;
 * - `stepsHost`: a page that may host `<rec-applicant-steps>` (after applying, the steps continue
 *   inline, the video interview included): our own offer pages (`/offer/c/{channel}`,
 *   `/offer/{id}`), the share page (it shows an offer) and the demo career site (it stands for a
 *   company's site, which sets its own policy). Frameable, camera and microphone for our origin.
 */
export type PageClass = 'private' | 'interview' | 'embeddable' | 'stepsHost';

const PAGE_POLICIES: Record<PageClass, { frameable: boolean; cameraAndMicrophone: boolean }> = {
  private: { frameable: false, cameraAndMicrophone: false },
  interview: { frameable: false, cameraAndMicrophone: true },
  embeddable: { frameable: true, cameraAndMicrophone: false },
  stepsHost: { frameable: true, cameraAndMicrophone: true },
};

const OBJECT_ID = '[0-9a-f]{24}';
/** Which page is of which kind: the first pattern matching the path decides; no match is `private`. */
const PAGE_KINDS: ReadonlyArray<{ path: RegExp; kind: PageClass }> = [
  { path: /^\/demo\/career-site\.html$/, kind: 'stepsHost' },
  { path: new RegExp(`^/offer/c/${OBJECT_ID}/?$`), kind: 'stepsHost' },
  { path: new RegExp(`^/offer/${OBJECT_ID}/?$`), kind: 'stepsHost' },
  { path: /^\/share\/[^/]+\/?$/, kind: 'stepsHost' },
  // `/applicant/steps/interview`, `/interview/intro`, `/interview/recording` (and any later sub-step).
  { path: /^\/applicant\/steps\/interview(\/.*)?$/, kind: 'interview' },
  { path: /^\/(offer|board|share|referral|demo)(\/.*)?$/, kind: 'embeddable' },
];

export function pageClassOf(url: string): PageClass {
  const path = pathOf(url);
  return PAGE_KINDS.find((entry) => entry.path.test(path))?.kind ?? 'private';
}

/**
 * The one inline stylesheet our pages run: react-colorful (the dashboard colour picker, spec §2)
 * appends its own `<style>` and has no option to leave it out. Allowing exactly that text by its
 * hash keeps the policy strict (no 'unsafe-inline', no per-response nonce on a cached page).
 * security-headers.test.ts recomputes it from the installed library, so an upgrade that changes
 * the stylesheet fails the tests instead of leaving the picker blank under the policy (issue 26).
 * The rich-text editor's styles are in host.css (Tiptap's injectCSS is off).
 */
export const COLOR_PICKER_STYLE_HASH = "'sha256-I2px+fnpbN4E5+Djrj7aoTIyq9yyREkuVl19f4Sye9A='";

/**
 * What our own pages load: scripts, styles and data from our origin only (the widgets adopt
 * constructable stylesheets, React sets styles through the CSSOM), images also from https
 * (company logos), no plugins, no <base> or form posts elsewhere.
 */
const BASE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${COLOR_PICKER_STYLE_HASH}`,
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/** Powerful features nobody needs, denied everywhere; camera and microphone per page kind (above). */
const DENIED_FEATURES = ['geolocation=()', 'payment=()', 'usb=()', 'serial=()', 'bluetooth=()', 'display-capture=()'];

export function htmlSecurityHeaders(pageClass: PageClass): Record<string, string> {
  const { frameable, cameraAndMicrophone } = PAGE_POLICIES[pageClass];
  const media = cameraAndMicrophone ? ['camera=(self)', 'microphone=(self)'] : ['camera=()', 'microphone=()'];
  const headers: Record<string, string> = {
    // Without frame-ancestors any career site may frame an embeddable page.
    'content-security-policy': (frameable ? BASE_POLICY : [...BASE_POLICY, "frame-ancestors 'none'"]).join('; '),
    // Offer URLs can carry tokens (magic links, resets): other sites learn our origin, never the path.
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': [...media, ...DENIED_FEATURES].join(', '),
  };
  // For browsers without CSP frame-ancestors.
  if (!frameable) headers['x-frame-options'] = 'DENY';
  return headers;
}

/**
 * Served over https (PUBLIC_URL), browsers are told to come back only over https for a year
 * (issue 24, L8): a first visit over plain http cannot then be downgraded on later ones. No
 * `includeSubDomains`: other hosts under the same domain are not ours to decide for.
 */
export function strictTransportSecurity(publicUrl: string): string | undefined {
  return publicUrl.startsWith('https://') ? 'max-age=31536000' : undefined;
}

/**
 * `nosniff` (and, over https, HSTS) on every answer (a JSON body must never be run as a script or rendered as HTML), and
 * the page policies above on every HTML answer, whoever produced it (server-rendered offer and
 * board pages, the SPA fallback, static files such as the demo career site).
 */
export function registerSecurityHeaders(app: FastifyInstance, { publicUrl }: { publicUrl: string }): void {
  const strictTransport = strictTransportSecurity(publicUrl);
  // Synchronous (done, no promise): it runs on every answer (issue 27).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (strictTransport) reply.header('strict-transport-security', strictTransport);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      const headers = htmlSecurityHeaders(pageClassOf(request.url));
      // A route that wrote its own, stricter policy (the dev outbox) keeps it.
      if (reply.hasHeader('content-security-policy')) delete headers['content-security-policy'];
      reply.headers(headers);
    }
    done(null, payload);
  });
}
