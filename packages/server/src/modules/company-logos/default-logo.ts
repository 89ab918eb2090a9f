// The company's default logo as public answers read it: the logos module's repository copies it
// into the company's settings (syncDefault), and boards, offers, the theme and mails read it here.

/** The default logo with its size, as the logos module keeps it in `settings.logoImage` (issue 13). */
export function logoImageOf(settings: Record<string, unknown> | null | undefined): { url: string; width: number; height: number } | undefined {
  const image = settings?.logoImage as { url?: unknown; width?: unknown; height?: unknown } | undefined;
  if (!image || typeof image.url !== 'string' || typeof image.width !== 'number' || typeof image.height !== 'number') return undefined;
  return { url: image.url, width: image.width, height: image.height };
}
