import uiCss from '@rec/ui/ui.css';
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import hostCss from '../../../../public/host.css';
import boardCss from '../../../../../widgets/board/src/board.css';
import offerCss from '../../../../../widgets/offer/src/offer.css';

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

/** The widgets' stylesheets: what a component inside <rec-board> or <rec-offer> is styled by. */
export const WIDGET_STYLES: readonly string[] = [uiCss, boardCss, offerCss];

/**
 * The back-office look (host.css) for the components only the back-office uses (toasts, menu,
 * dialog, status badge). The one extra rule is the preview's: the toast stack sits in the page
 * flow here instead of floating over it, so the specimen stays where its caption is.
 */
export const BACK_OFFICE_STYLES: readonly string[] = [hostCss, '.rec-toasts{position:static;width:auto;max-width:440px}'];

export type PreviewStyles = 'widget' | 'back-office';

/**
 * Renders shared components the way a widget does: inside an open shadow root with the
 * stylesheets adopted as one constructable stylesheet, themed by the `--rec-*` custom
 * properties set on an ancestor (they inherit through the shadow boundary). The page's own
 * CSS does not reach in, as on a career site.
 */
export function ShadowPreview({ children, style, label, styles = 'widget' }: { children: ReactNode; style?: CSSProperties; label?: string; styles?: PreviewStyles }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);

  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = [sheetOf((styles === 'widget' ? WIDGET_STYLES : BACK_OFFICE_STYLES).join('\n'))];
    setRoot(shadow);
  }, [styles]);

  return (
    <div ref={host} style={style} data-preview={label ?? ''}>
      {root ? createPortal(children, root) : null}
    </div>
  );
}
