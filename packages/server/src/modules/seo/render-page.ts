import { type Board, formatSalaryRange, type Locale, type Offer, pickText } from '@rec/core';
import { jobPosting } from '@rec/core/job-posting';
import { serverT } from '../../i18n/server-texts';
import { descriptionText, sanitizeDescription } from '../offers/sanitize-description';
import { offerAlternates, offerPageUrl } from './sitemap';

/**
 * Server-rendered HTML of the public pages: the host's index.html with the page's content in
 * the body (inside #root, replaced when the app starts) and the head a crawler or a link preview
 * reads: title, description, Open Graph, canonical, and JSON-LD for offers.
 */

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` as \u escapes, so no
 * `</script>` or `<!--` inside a value can end the script early; U+2028/2029 too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export interface PageParts {
  lang: string;
  title: string;
  description: string;
  canonical: string;
  /** Extra head markup, already safe. */
  head?: string;
  /** Body content placed inside #root, already safe. */
  body: string;
  noindex?: boolean;
}

/** Fills index.html with a page's parts (title replaced, tags added before </head>, content inside #root). */
export function renderPage(indexHtml: string, parts: PageParts): string {
  const head = [
    `<meta name="description" content="${escapeHtml(parts.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(parts.canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(parts.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(parts.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(parts.canonical)}" />`,
    `<meta property="og:locale" content="${escapeHtml(parts.lang)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    parts.noindex ? '<meta name="robots" content="noindex" />' : '',
    parts.head ?? '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return indexHtml
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeHtml(parts.lang)}">`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace('</head>', () => `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${parts.body}</div>`);
}

/** The schema.org JobPosting of an offer, its description sanitised. */
export function offerJobPosting(offer: Offer): Record<string, unknown> {
  const { language } = offer;
  return jobPosting(offer, sanitizeDescription(pickText(offer.information.description, language, offer.language)));
}

/** The salary line of an offer page ("65 000–80 000 € par an"), empty when the range is not shown. */
export function salaryLine(offer: Offer): string {
  if (!offer.salary) return '';
  return serverT(offer.language, 'salary')(`period.${offer.salary.period}`, { range: formatSalaryRange(offer.salary, offer.language) });
}

/**
 * An offer's page. `ownLanguage` is the posting's own language: its page there is the bare URL,
 * in another language `?language=xx`; each is its own canonical, and all are hreflang alternates
 * (the sitemap lists the same ones).
 */
export function offerPageParts(offer: Offer, ownLanguage: string = offer.language): PageParts {
  const { language } = offer;
  const title = pickText(offer.information.title, language, offer.language);
  const company = offer.company?.name ?? '';
  const description = sanitizeDescription(pickText(offer.information.description, language, offer.language));
  const location = pickText(offer.information.location, language, offer.language);
  const contract = offer.contractType ? serverT(language)(`prerender.contractTypes.${offer.contractType}`) : '';
  const meta = [company, location, contract, salaryLine(offer)].filter(Boolean).map(escapeHtml).join(' · ');
  const alternates = offerAlternates(offer.url.canonical, ownLanguage, Object.keys(offer.information.title)).map(
    (alternate) => `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" />`,
  );
  // A spontaneous application is no job posting: job search engines must not list it.
  const jsonLd = offer.spontaneous ? [] : [`<script type="application/ld+json">${jsonForScript(offerJobPosting(offer))}</script>`];
  const head = [...alternates, ...jsonLd].join('\n    ');
  return {
    lang: language,
    title: company ? `${title} – ${company}` : title,
    description: truncate(descriptionText(description) || title, 200),
    canonical: offerPageUrl(offer.url.canonical, ownLanguage, language),
    ...(head ? { head } : {}),
    body: `<article class="offer-prerender" lang="${escapeHtml(language)}"><h1>${escapeHtml(title)}</h1><p>${meta}</p>${description}</article>`,
  };
}

/** An offer's page in the language a board is read in: the offer shows in it when written in it (issue 9). */
export function offerLinkIn(canonical: string, locale: Locale): string {
  const url = new URL(canonical);
  url.searchParams.set('language', locale);
  return url.toString();
}

/** The board in `locale` (the visitor's choice, else the board's language): its name and titles, links carrying the language. */
export function boardPageParts(board: Board, offers: readonly Offer[], canonical: string, locale: Locale = board.language): PageParts {
  const name = pickText(board.names, locale, board.language) || board.name;
  const items = offers
    .map((offer) => {
      const title = pickText(offer.information.title, locale, offer.language);
      return `<li><a href="${escapeHtml(offerLinkIn(offer.url.canonical, locale))}">${escapeHtml(title)}</a></li>`;
    })
    .join('');
  const titles = offers.map((offer) => pickText(offer.information.title, locale, offer.language));
  return {
    lang: locale,
    title: name,
    description: truncate(`${board.company.name}: ${titles.join(', ')}`, 200),
    canonical,
    body: `<article class="board-prerender" lang="${escapeHtml(locale)}"><h1>${escapeHtml(name)}</h1><ul>${items}</ul></article>`,
  };
}

/** What a public error page says: the `publicErrors.<kind>` texts and where to go back to. */
export type PublicErrorKind = 'boardNotFound' | 'offerClosed' | 'offerNotFound';

/** A public page that cannot be shown (unknown board, closed or unknown offer), in the visitor's language. */
export function errorPageParts(kind: PublicErrorKind, locale: Locale, canonical: string, back: string | undefined): PageParts {
  const t = serverT(locale, 'publicErrors');
  const title = t(`${kind}.title`);
  const link = back ? `<p><a href="${escapeHtml(back)}">${escapeHtml(t(kind === 'offerClosed' ? 'seeOpenPositions' : 'back'))}</a></p>` : '';
  return {
    lang: locale,
    title,
    description: t(`${kind}.text`),
    canonical,
    noindex: true,
    // The host app reads it to keep the way back once it replaces the body (see host OfferPage).
    ...(back ? { head: `<meta name="rec:back" content="${escapeHtml(back)}" />` } : {}),
    body: `<main class="public-error" lang="${escapeHtml(locale)}"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(t(`${kind}.text`))}</p>${link}</main>`,
  };
}
