/**
 * The widget's own pass over a job description before it is rendered (the server sanitised it
 * when storing it; a career site must not depend on that alone). The HTML is parsed by the
 * browser into an inert document (DOMParser runs no script and loads nothing), then rebuilt
 * from scratch keeping only these tags, no attributes, except `href` on links when it is
 * http(s) or mailto (with rel="noopener").
 */
const ALLOWED = new Set(['P', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'B', 'I', 'BR', 'H3', 'H4', 'A']);
/** Their content is not text for the reader: dropped whole. */
const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'TEXTAREA', 'SELECT', 'TITLE', 'HEAD']);

export function safeLink(href: string | null): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED.has(tag)) continue;
    if (!ALLOWED.has(tag)) {
      copyChildren(element, to, doc); // unknown wrapper: keep its text
      continue;
    }
    const clean = doc.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const href = safeLink(element.getAttribute('href'));
      if (href) {
        clean.setAttribute('href', href);
        clean.setAttribute('rel', 'noopener noreferrer');
        clean.setAttribute('target', '_blank');
      }
    }
    copyChildren(element, clean, doc);
    to.appendChild(clean);
  }
}

export function sanitizeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  copyChildren(parsed.body, container, out);
  return container.innerHTML;
}
