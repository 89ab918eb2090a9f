/**
 * Word's desktop HTML has no <ul>/<ol>: each list item is a `<p class="MsoListParagraph...">`
 * (or any paragraph whose style names `mso-list`) starting with a hidden marker span ("·", "1.").
 * Before the editor parses a paste, those runs of paragraphs become real lists so the structure
 * survives; the editor's schema then drops every style and class. Other HTML (Google Docs, Word
 * online, web pages) already has real lists and passes through untouched.
 */

const LIST_PARAGRAPH = /mso-list\s*:|MsoListParagraph/i;

function isWordListParagraph(element: Element): boolean {
  return element.tagName === 'P' && (LIST_PARAGRAPH.test(element.getAttribute('class') ?? '') || LIST_PARAGRAPH.test(element.getAttribute('style') ?? ''));
}

/** The marker Word writes before the text ("1.", "a)", "·", "o", "§"), removed from the item. */
function takeMarker(paragraph: Element): string {
  // Word marks the bullet as `<span style="mso-list:Ignore">` inside `<![if !supportLists]>`.
  const ignored = [...paragraph.querySelectorAll('span')].find((span) => /mso-list\s*:\s*ignore/i.test(span.getAttribute('style') ?? ''));
  if (ignored) {
    const marker = (ignored.textContent ?? '').trim();
    ignored.remove();
    return marker;
  }
  // Without the span, a leading marker in the text itself.
  const text = paragraph.textContent ?? '';
  return /^\s*([0-9]+[.)]|[a-z][.)]|[·•o§▪-])\s/i.exec(text)?.[1] ?? '';
}

/**
 * What a paste becomes before the editor parses it: Word's list paragraphs as real lists, and
 * bold or not-bold written as tags rather than inline styles. The back-office runs under a CSP
 * without 'unsafe-inline' styles, so the browser does not apply (nor let the editor read)
 * `style="font-weight:…"` on pasted elements: Google Docs' wrapping `<b style="font-weight:normal">`
 * would make everything bold and its `<span style="font-weight:700">` would lose its bold. The
 * attribute text itself is always readable, so the weights are turned into tags here.
 */
export function pastedHtmlForEditor(html: string): string {
  if (typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if (LIST_PARAGRAPH.test(html)) wordListsToHtmlLists(doc);
  weightsToTags(doc);
  return doc.body.innerHTML;
}

const WEIGHT = /font-weight\s*:\s*([a-z0-9]+)/i;

function isBoldWeight(value: string): boolean {
  return value === 'bold' || value === 'bolder' || (/^[0-9]+$/.test(value) && Number(value) >= 600);
}

function weightsToTags(doc: Document): void {
  for (const element of [...doc.body.querySelectorAll('[style]')]) {
    const weight = WEIGHT.exec(element.getAttribute('style') ?? '')?.[1]?.toLowerCase();
    element.removeAttribute('style');
    if (!weight) continue;
    const bold = isBoldWeight(weight);
    if ((element.tagName === 'B' || element.tagName === 'STRONG') && !bold) {
      element.replaceWith(...element.childNodes);
    } else if (element.tagName === 'SPAN' && bold) {
      const strong = doc.createElement('strong');
      strong.append(...element.childNodes);
      element.replaceWith(strong);
    }
  }
}

function wordListsToHtmlLists(doc: Document): void {
  for (const paragraph of [...doc.body.querySelectorAll('p')]) {
    if (!paragraph.isConnected || !isWordListParagraph(paragraph)) continue;
    const ordered = /^[0-9a-z]+[.)]$/i.test(takeMarker(paragraph));
    const list = doc.createElement(ordered ? 'ol' : 'ul');
    paragraph.before(list);
    let item: Element | null = paragraph;
    while (item && isWordListParagraph(item)) {
      const next: Element | null = item.nextElementSibling;
      if (item !== paragraph) takeMarker(item);
      const li = doc.createElement('li');
      li.append(...item.childNodes);
      list.append(li);
      item.remove();
      item = next;
    }
  }
}
