/**
 * A page's own stylesheet, adopted once when the page first renders: the styles ship in the page's
 * lazy chunk, not in the host's global stylesheet. Constructable stylesheets where the browser has
 * them (the CSP allows those), a <style> element otherwise. Returns the function pages call.
 */
export function styleAdopter(css: string): () => void {
  let adopted = false;
  return () => {
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
  };
}
