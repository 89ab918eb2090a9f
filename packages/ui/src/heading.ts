export type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/**
 * The heading element for a `heading-level` attribute: the host page knows where the widget sits
 * in its outline (h1 on a page of its own, deeper when embedded). Outside 1..max: the fallback.
 */
export function headingTag(level: string | undefined, fallback: number, max = 6): HeadingTag {
  const parsed = Number.parseInt(level ?? '', 10);
  return `h${parsed >= 1 && parsed <= max ? parsed : fallback}` as HeadingTag;
}
