import type { FastifyInstance } from 'fastify';
import { isUnder, pathOf } from './public-paths';

/**
 * How an HTML page may be used by other sites:
 * - `embeddable`: public offer, board, share and referral pages and the demo career site are
 *   meant to be framed by career sites (spec: embedded layouts);
 * - `interview`: an applicant's interview step, the only pages that may use camera and microphone;
 * - `private`: everything else (back-office, sign-in, applicant pages): never framed, so a
 *   hostile page cannot overlay them and steal clicks;
 * - `careerSite`: the demo career site, frameable like `embeddable`. It stands for a company's
 *   own site, which sets its own policy: embedding <rec-applicant-steps> (the steps continue
 *   there after applying), it allows camera and microphone for itself so the interview records.
 */
export type PageClass = 'embeddable' | 'interview' | 'private' | 'careerSite';

const EMBEDDABLE_PREFIXES = ['/offer', '/board', '/share', '/referral', '/demo'];

export function pageClassOf(url: string): PageClass {
  const path = pathOf(url);
  if (isUnder(path, '/demo/career-site.html')) return 'careerSite';
  if (EMBEDDABLE_PREFIXES.some((prefix) => isUnder(path, prefix))) return 'embeddable';
  // `/applicant/steps/interview`, `/interview/intro`, `/interview/recording` (and any later sub-step).
  if (isUnder(path, '/applicant/steps/interview')) return 'interview';
  return 'private';
}

/**
 * What our own pages load: scripts, styles and data from our origin only (the widgets adopt
 * constructable stylesheets, React sets styles through the CSSOM), images also from https
 * (company logos), no plugins, no <base> or form posts elsewhere.
 */
const BASE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/** Powerful features nobody needs, denied everywhere; camera and microphone only on the interview step. */
const DENIED_FEATURES = ['geolocation=()', 'payment=()', 'usb=()', 'serial=()', 'bluetooth=()', 'display-capture=()'];

export function htmlSecurityHeaders(pageClass: PageClass): Record<string, string> {
  const media = pageClass === 'interview' || pageClass === 'careerSite' ? ['camera=(self)', 'microphone=(self)'] : ['camera=()', 'microphone=()'];
  const frameable = pageClass === 'embeddable' || pageClass === 'careerSite';
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
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (strictTransport) reply.header('strict-transport-security', strictTransport);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      const headers = htmlSecurityHeaders(pageClassOf(request.url));
      // A route that wrote its own, stricter policy (the dev outbox) keeps it.
      if (reply.hasHeader('content-security-policy')) delete headers['content-security-policy'];
      reply.headers(headers);
    }
    return payload;
  });
}
