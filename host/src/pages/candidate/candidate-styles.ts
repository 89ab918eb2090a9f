import css from './candidate.css';

let adopted = false;

/**
 * The candidate page's styles, adopted once as a constructable stylesheet when one of them first
 * renders: they ship in the candidate page's chunk, not in the host's global stylesheet.
 */
export function adoptCandidateStyles(): void {
  if (adopted || typeof document === 'undefined') return;
  adopted = true;
  if ('adoptedStyleSheets' in document && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
}
