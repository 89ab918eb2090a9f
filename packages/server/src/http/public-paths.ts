/**
 * Paths any web page may call: career sites embed the widgets and read boards, offers and the
 * build version from their own origins; candidates apply, upload CVs and ask for referral links
 * from there too (no cookies: `*` without credentials). Everything else (recruiter API, auth) stays same-origin.
 */
const PUBLIC_PREFIXES = ['/v2/boards/', '/v2/offers/', '/v2/referrals', '/v2/share/', '/builds/', '/widgets/'] as const;
/**
 * The upload endpoint itself is public; the files below it (`/v2/storage/{id}`) are personal
 * data for signed-in recruiters: same-origin, with the session cookie.
 */
const PUBLIC_PATHS: readonly string[] = ['/v2/storage'];

/** Path part of a request URL (no query string). */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function isPublicPath(url: string): boolean {
  const path = pathOf(url);
  return PUBLIC_PATHS.includes(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** True when `path` is `prefix` itself or below it (`/v2`, `/v2/...`, but not `/v2x`). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
