import type { ReactNode } from 'react';

/**
 * Applies a company's brand (issue 16: the theme's `properties`, `--rec-*` name to value) to what it wraps, while the career site's own `--rec-*`
 * values win wherever the page sets them: on the element or on any ancestor.
 *
 * Why two wrappers: a value the widget declared anywhere inside its shadow root (even `:host`)
 * beats the value the page lets it inherit. So the outer wrapper reads the inherited page value
 * with the brand as fallback (`--rec-theme-x: var(--rec-x, brand)`), and the inner one declares
 * `--rec-x: var(--rec-theme-x)` (one element cannot do both: that is a cycle). Pure CSS, so a page
 * stylesheet that arrives late still wins, with no per-rule change to the widgets' CSS and no
 * getComputedStyle. The values go through the CSSOM (preact's style prop), which a strict
 * `style-src` policy allows, unlike style attributes in markup.
 */
export function ThemeScope({ properties, children }: { properties: Record<string, string> | undefined; children: ReactNode }) {
  const outer: Record<string, string> = {};
  const inner: Record<string, string> = {};
  for (const [name, value] of Object.entries(properties ?? {})) {
    const own = name.replace('--rec-', '--rec-theme-');
    outer[own] = `var(${name},${value})`;
    inner[name] = `var(${own})`;
  }
  return (
    <div className="rec-theme" style={outer}>
      <div className="rec-theme rec-themed" style={inner}>
        {children}
      </div>
    </div>
  );
}
