import boardCss from '../../widgets/board/src/board.css';
import uiCss from '@rec/ui/ui.css';
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

const sheets = new Map<string, CSSStyleSheet>();

function sheetOf(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/** The widgets' stylesheets: what a component inside <rec-board> is styled by. */
export const WIDGET_STYLES: readonly string[] = [uiCss, boardCss];

/**
 * Renders shared components the way a widget does: inside an open shadow root with the
 * widget CSS adopted as one constructable stylesheet, themed by the `--rec-*` custom
 * properties set on the host (they inherit through the shadow boundary).
 */
export function ShadowPreview({ children, style, label }: { children: ReactNode; style?: CSSProperties; label?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);

  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = [sheetOf(WIDGET_STYLES.join('\n'))];
    setRoot(shadow);
  }, []);

  return (
    <div ref={host} style={style} data-preview={label ?? ''}>
      {root ? createPortal(children, root) : null}
    </div>
  );
}
