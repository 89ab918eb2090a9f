import sanitizeHtml from 'sanitize-html';

/**
 * The allowlist sanitiser of job descriptions, applied when a description is stored (the seed
 * now, the posting editor later) and again by the widget when it renders. Built on sanitize-html
 * (htmlparser2, a real HTML tokenizer) rather than our own regular expressions (issue 24): only
 * the tags below survive, with no attribute except an `a` element's http(s)/mailto `href` (plus
 * `rel="noopener noreferrer"`); the content of script-like elements is dropped; text is re-escaped.
 *
 * Why sanitize-html and not DOMPurify: DOMPurify needs a DOM, on the server jsdom (a browser's worth
 * of code and memory per parse) or a lighter DOM it does not test against; sanitize-html is made for
 * the server, takes this allowlist as plain options and works on the parser's events, no tree.
 */

const ALLOWED = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'h3', 'h4', 'a'];
/** Elements whose content is never text for the reader. */
const DROP_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'textarea', 'title', 'head', 'select', 'option', 'xmp', 'noembed', 'noframes'];

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

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED,
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Unknown tags go, their text stays; script-like ones go with their content.
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_CONTENT,
  selfClosing: ['br'],
  // The parser decodes `&nbsp;` into the character; the editor writes the entity, so it goes back as
  // one: what the editor saved sanitises to itself (an invisible character would be no safer).
  textFilter: (text) => text.replaceAll('\u00a0', '&nbsp;'),
  transformTags: {
    a: (_tagName, attributes): sanitizeHtml.Tag => {
      const href = safeHref(attributes.href ?? '');
      const attribs: sanitizeHtml.Attributes = href ? { href, rel: 'noopener noreferrer' } : {};
      return { tagName: 'a', attribs };
    },
  },
};

export function sanitizeDescription(html: string): string {
  // `<br />` as `<br>`: one spelling, so a stored description sanitises to itself.
  return sanitizeHtml(html, OPTIONS).replaceAll('<br />', '<br>');
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
    .replaceAll('&nbsp;', ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
