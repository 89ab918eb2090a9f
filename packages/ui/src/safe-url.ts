/**
 * The URL when it is a web address (http or https), else undefined: a link built from API
 * data must never run `javascript:` or open `data:` on a company's career site.
 */
export function safeUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol } = new URL(url, globalThis.location?.href ?? 'http://localhost/');
    return protocol === 'https:' || protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}
