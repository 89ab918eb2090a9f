import css from './settings.css';

let adopted = false;

/** The settings pages' styles, adopted once when a settings page first renders (they ship in the settings chunk). */
export function adoptSettingsStyles(): void {
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
