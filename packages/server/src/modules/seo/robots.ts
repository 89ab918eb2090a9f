/**
 * `/robots.txt`: crawlers may read the boards and offers (and their sitemap), never the
 * back-office, sign-in, applicant or API paths (nothing there is for search results, and
 * tokens in links must not be fetched by bots).
 */
export const ROBOTS_DISALLOWED = [
  '/recruiter',
  '/admin',
  '/applicant',
  '/account-select',
  '/login',
  '/logout',
  '/invite/',
  '/reset/',
  '/oauth/',
  '/message',
  '/offer/message',
  '/offer/apply/',
  '/referral/',
  '/dev/',
  '/v2/',
] as const;

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
