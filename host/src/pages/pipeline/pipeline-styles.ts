import css from './pipeline.css';

let adopted = false;

/**
 * The pipeline's styles (board, table bar, decision dialogs), adopted once as a constructable
 * stylesheet when one of its components first renders: they ship with the pipeline chunk, and
 * the candidate page that imports the decision components gets them too.
 */
export function adoptPipelineStyles(): void {
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
