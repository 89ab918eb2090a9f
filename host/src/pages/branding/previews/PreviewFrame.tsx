import { type Brand, brandCustomProperties } from '@rec/core';
import { type CSSProperties, type ReactNode, useId } from 'react';
import { styleAdopter } from '../../../adopt-styles';
import css from './preview-layout.css';

/** The frame's stylesheet, adopted once by whichever page or story shows a preview first. */
export const adoptPreviewLayout: () => void = styleAdopter(css);

/** A titled group of specimens (an h2 under the page's h1). */
export function PreviewGroup({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  const id = useId();
  adoptPreviewLayout();
  return (
    <section className="bp-group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note ? <p className="bp-note">{note}</p> : null}
      {children}
    </section>
  );
}

// Inline: specimens sit inside the shadow roots, where the frame's stylesheet does not reach.
const FIGURE = { margin: 0, minWidth: 0 } as const;
const CAPTION = { fontSize: '0.8125rem', fontWeight: 600, color: 'var(--rec-color-muted, #525c6d)', margin: '0 0 0.375rem' } as const;

/** One component in one state, captioned with that state. */
export function Specimen({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure style={FIGURE}>
      <figcaption style={CAPTION}>{label}</figcaption>
      {children}
    </figure>
  );
}

/** The brand as inline custom properties; the previews' shadow roots inherit them. */
export function brandStyle(brand: Brand): CSSProperties {
  return Object.fromEntries(brandCustomProperties(brand)) as CSSProperties;
}

/**
 * Where the previews render, under the brand. On the preview page it paints the brand's
 * background; in Storybook it stays transparent (`transparent`) so the backgrounds toolbar
 * shows the components on a light or a dark career site.
 */
export function PreviewCanvas({ brand, transparent = false, children }: { brand: Brand; transparent?: boolean; children: ReactNode }) {
  adoptPreviewLayout();
  return (
    <div className={`bp-canvas${transparent ? ' bp-canvas-transparent' : ''}`} style={brandStyle(brand)} data-brand-canvas="">
      {children}
    </div>
  );
}
