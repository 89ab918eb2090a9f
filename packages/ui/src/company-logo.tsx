import type { ThemeLogo } from '@rec/core';
import { safeUrl } from './safe-url';

/** A logo's display size: its own, scaled down to fit 256 x 64 px with its aspect kept. */
export function logoBox({ width, height }: { width: number; height: number }) {
  const scale = Math.min(1, 256 / width, 64 / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The company's default logo from its theme. Width and height come from the server, so the box
 * is reserved before the image arrives. A mask draws it in one colour (WHITE: white, on the
 * brand's primary colour so it stays visible on a white page; BLACK: black).
 */
export function CompanyLogo({ logo, alt }: { logo: ThemeLogo; alt: string }) {
  return (
    <span className={`rec-logo rec-logo-${logo.mask ?? ""}`} part="logo-box">
      <img part="logo" src={safeUrl(logo.url) ?? ''} {...logoBox(logo)} alt={alt} />
    </span>
  );
}
