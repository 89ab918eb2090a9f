/**
 * A request URL as it may appear in a log. Sign-in, reset, invitation and applicant links carry
 * their secret in the path; searches and OAuth callbacks carry names, emails or codes in the
 * query. The path keeps its shape (so a log still tells which route), secrets are replaced.
 */

const REDACTED = '[redacted]';

/** Path segments after which the next segment is a secret (a token, an invitation link, a password). */
const SECRET_AFTER = new Set(['token', 'reset', 'invite', 'appointments', 'removeData', 'ongoing', 'next', 'authorize-token']);

/** Query parameters whose values say nothing about a person. */
const HARMLESS_QUERY = new Set(['language', 'lang', 'page', 'pageSize', 'sort', 'scopeName', 'companyId', 'channelId', 'status[]', 'select[]', 'categories[]', 'embedded']);

/** Our ids are 24 hex characters; anything longer and random-looking is treated as a secret. */
const LONG_SECRET = /^[A-Za-z0-9_~.%-]{25,}$/;

export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const segments = path.split('/');
  const safePath = segments
    .map((segment, index) => (index > 0 && (SECRET_AFTER.has(segments[index - 1] ?? '') || LONG_SECRET.test(segment)) ? REDACTED : segment))
    .join('/');
  if (queryStart === -1) return safePath;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawKey = equals === -1 ? pair : pair.slice(0, equals);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey);
      } catch {
        return REDACTED;
      }
      return HARMLESS_QUERY.has(key) || equals === -1 ? pair : `${rawKey}=${REDACTED}`;
    })
    .join('&');
  return `${safePath}?${query}`;
}
