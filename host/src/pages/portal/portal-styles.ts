import css from './portal.css';

let adopted = false;

/** The portal's styles, adopted once when a portal page (or a recruiter dialog) first renders: they ship in the portal chunk. */
export function adoptPortalStyles(): void {
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
