/**
 * The allowlist sanitiser of job descriptions, applied when a description is stored (the seed
 * now, the posting editor later) and again by the widget when it renders. Without a DOM on the
 * server, it tokenises tags itself and rebuilds the markup from scratch: only the tags below
 * survive, with no attribute except an `a` element's http(s)/mailto `href` (plus
 * `rel="noopener"`); the content of script-like elements is dropped; text is re-escaped.
 */

const ALLOWED = new Set(['p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'h3', 'h4', 'a']);
const VOID = new Set(['br']);
/** Elements whose content is never text for the reader. */
const DROP_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'textarea', 'title', 'head', 'select']);

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!?[^>]*>|[^<]+|</g;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const ENTITY = /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/iy;

function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '&') {
      ENTITY.lastIndex = i;
      out += ENTITY.test(text) ? '&' : '&amp;';
    } else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else out += char;
  }
  return out;
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function decodeBasicEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replaceAll('&colon;', ':')
    .replaceAll('&amp;', '&');
}

/** An http(s) or mailto link, else undefined (javascript:, data:, relative paths...). */
export function safeHref(raw: string): string | undefined {
  // Browsers ignore control characters and whitespace inside a scheme: so do we before checking it.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const value = decodeBasicEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  return /^(?:https?:\/\/|mailto:)/i.test(value) ? value : undefined;
}

export function sanitizeDescription(html: string): string {
  let out = '';
  const open: string[] = [];
  let dropping: string | null = null;
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName, attributes = ''] = match;
    if (rawName === undefined) {
      // Text, a comment, a doctype or a stray '<'.
      if (dropping || token.startsWith('<!') || token.startsWith('<?')) continue;
      out += escapeText(token);
      continue;
    }
    const name = rawName.toLowerCase();
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_CONTENT.has(name)) {
      if (!closing && !attributes.trimEnd().endsWith('/')) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      // Close what was left open inside it, so the output stays well nested.
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (VOID.has(name)) {
      out += `<${name}>`;
      continue;
    }
    if (name === 'a') {
      const hrefMatch = HREF.exec(attributes);
      const href = safeHref(hrefMatch?.[1] ?? hrefMatch?.[2] ?? hrefMatch?.[3] ?? '');
      out += href ? `<a href="${escapeAttribute(href)}" rel="noopener noreferrer">` : '<a>';
    } else {
      out += `<${name}>`;
    }
    open.push(name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** The plain text of a (sanitised) description, for meta descriptions and JSON-LD. */
export function descriptionText(html: string): string {
  return decodeBasicEntities(
    sanitizeDescription(html)
      .replace(/<\/(p|li|h3|h4)>|<br>/g, ' ')
      .replace(/<[^>]+>/g, ''),
  )
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replace(/\s+/g, ' ')
    .trim();
}
