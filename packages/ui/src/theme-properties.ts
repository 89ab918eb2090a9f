/**
 * The company's theme on a lit element (`<rec-jobs-count>`, `<rec-referral>`), as ThemeScope
 * applies it to the React ones (issue 25: the badge and the referral button carry the brand the
 * board next to them carries). The page's own `--rec-*` values win: the host reads the page's
 * value with the brand as fallback (`--rec-theme-x: var(--rec-x, brand)`), and `root`, the
 * element's top node inside its shadow root, takes it (`--rec-x: var(--rec-theme-x)`). Through the
 * CSSOM, which a strict style-src allows. Dependency-free: the lit elements inline it (rollup.config.mjs).
 */
export function applyThemeProperties(host: HTMLElement, root: HTMLElement | null | undefined, properties: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(properties ?? {})) {
    const own = name.replace('--rec-', '--rec-theme-');
    host.style.setProperty(own, `var(${name},${value})`);
    root?.style.setProperty(name, `var(${own})`);
  }
}
