import { isLocale } from '@rec/core';
import type { SitemapOfferRow } from './sitemap-repository';

/**
 * `/sitemap.xml` (sitemaps.org 0.9 with Google's xhtml:link hreflang alternates): each board's
 * page, and each open offer with its last change and one alternate per language it is written in.
 * An offer's page in its own language is its bare URL; another language is `?language=xx`, the
 * link boards use and the canonical of that page (see render-page offerPageParts).
 */

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');

/** The URL of an offer's page in `language`: bare in its own language, else with `?language=`. */
export function offerPageUrl(canonical: string, ownLanguage: string, language: string): string {
  if (language === ownLanguage) return canonical;
  const url = new URL(canonical);
  url.searchParams.set('language', language);
  return url.toString();
}

interface UrlEntry {
  loc: string;
  lastmod?: Date | undefined;
  alternates?: Array<{ hreflang: string; href: string }>;
}

function urlXml(entry: UrlEntry): string {
  const parts = [`<loc>${escapeXml(entry.loc)}</loc>`];
  if (entry.lastmod) parts.push(`<lastmod>${entry.lastmod.toISOString()}</lastmod>`);
  for (const alternate of entry.alternates ?? []) {
    parts.push(`<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`);
  }
  return `<url>${parts.join('')}</url>`;
}

/** The alternates of an offer written in several languages (one language needs none), plus x-default. */
export function offerAlternates(canonical: string, ownLanguage: string, languages: readonly string[]): Array<{ hreflang: string; href: string }> {
  const known = languages.filter(isLocale);
  if (known.length < 2) return [];
  return [
    ...known.map((language) => ({ hreflang: language, href: offerPageUrl(canonical, ownLanguage, language) })),
    { hreflang: 'x-default', href: canonical },
  ];
}

export function sitemapXml(publicUrl: string, boardIds: readonly string[], offers: readonly SitemapOfferRow[]): string {
  const latestOfBoard = new Map<string, Date>();
  for (const offer of offers) {
    const lastmod = new Date(offer.lastmod);
    const latest = latestOfBoard.get(offer.boardId);
    if (!latest || latest < lastmod) latestOfBoard.set(offer.boardId, lastmod);
  }
  const entries: UrlEntry[] = [
    ...boardIds.map((id) => ({ loc: `${publicUrl}/board/${id}`, lastmod: latestOfBoard.get(id) })),
    ...offers.map((offer) => {
      const canonical = `${publicUrl}/offer/c/${offer.channelId}`;
      const languages = (offer.languages ?? '').split(',').filter(Boolean);
      return { loc: canonical, lastmod: new Date(offer.lastmod), alternates: offerAlternates(canonical, offer.language, languages) };
    }),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map(urlXml),
    '</urlset>',
    '',
  ].join('\n');
}
