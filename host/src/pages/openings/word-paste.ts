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

export function wordListsToHtmlLists(html: string): string {
  if (!LIST_PARAGRAPH.test(html) || typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
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
  return doc.body.innerHTML;
}
