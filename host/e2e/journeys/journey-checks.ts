import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolation, type OutboxMail } from '../helpers';

// What every page and mail of a candidate journey must hold (issue 25): the expected language,
// judged against the locale files (never against strings typed here); no sideways scrolling; the
// company's logo and theme; never the opening's internal title; axe clean.

const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'locales');
type Messages = { [key: string]: string | Messages };

/** Every locale file of `language` (locales/<lang>.json and locales/<part>/<lang>.json). */
function localeFiles(language: string): Messages[] {
  const files: Messages[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === `${language}.json`) files.push(JSON.parse(readFileSync(path, 'utf8')) as Messages);
    }
  };
  walk(LOCALES_DIR);
  return files;
}

const LANGUAGES = readdirSync(LOCALES_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

/** The widths every journey is walked at: a phone and a laptop. */
export const JOURNEY_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** A string of `language`'s locale files by its dotted key, `{{values}}` filled in. */
export function localeText(language: string, key: string, values: Record<string, string | number> = {}): string {
  for (const file of localeFiles(language)) {
    const found = key.split('.').reduce<string | Messages | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), file);
    if (typeof found === 'string') return found.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(values[name] ?? ''));
  }
  throw new Error(`no string ${key} in the ${language} locale files`);
}

const leaves = (node: string | Messages): string[] => (typeof node === 'string' ? [node] : Object.values(node).flatMap(leaves));
const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Letters a string has outside its `{{placeholders}}`: fewer than this, and it says nothing about a language. */
const MIN_LETTERS = 4;
const letters = (text: string) => (text.replace(/\{\{[^}]*\}\}/g, '').match(/\p{L}/gu) ?? []).length;

interface LanguageStrings {
  exact: Set<string>;
  templates: RegExp[];
}

/** Each language's UI strings: plain ones for equality, ones with placeholders as patterns. */
const STRINGS: ReadonlyMap<string, LanguageStrings> = new Map(
  LANGUAGES.map((language) => {
    const all = localeFiles(language)
      .flatMap(leaves)
      .map(normalize)
      .filter((text) => letters(text) >= MIN_LETTERS);
    const templates = all
      .filter((text) => text.includes('{{'))
      .map((text) => new RegExp(`^${text.split(/\{\{[^}]*\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`, 'u'));
    return [language, { exact: new Set(all.filter((text) => !text.includes('{{'))), templates }] as const;
  }),
);

const isIn = (language: string, chunk: string) => {
  const strings = STRINGS.get(language)!;
  return strings.exact.has(chunk) || strings.templates.some((pattern) => pattern.test(chunk));
};

/**
 * Judges text pieces against the locale files: `known` are pieces that are UI strings of `language`
 * alone (no other language has them); `foreign` are pieces that are UI strings of another language
 * but none of `language`.
 */
export function judgeLanguage(chunks: Iterable<string>, language: string): { known: string[]; foreign: string[] } {
  const known = new Set<string>();
  const foreign = new Set<string>();
  const others = LANGUAGES.filter((other) => other !== language);
  for (const raw of chunks) {
    const chunk = normalize(raw);
    if (letters(chunk) < MIN_LETTERS) continue;
    const own = isIn(language, chunk);
    const elsewhere = others.filter((other) => isIn(other, chunk));
    if (own && !elsewhere.length) known.add(chunk);
    if (!own && elsewhere.length) foreign.add(`${chunk} (${elsewhere.join(', ')})`);
  }
  return { known: [...known], foreign: [...foreign] };
}

/**
 * The text a reader meets on the page, across shadow roots: each visible text node, each small
 * element's whole text (a string may span several nodes), and the labels of visible elements
 * (aria-label, placeholder, alt, title), with the language each piece is marked in (nearest `lang`).
 */
async function pageTexts(page: Page): Promise<Array<{ text: string; lang: string }>> {
  return page.evaluate(() => {
    const found: Array<{ text: string; lang: string }> = [];
    const langOf = (start: Element): string => {
      let node: Element | null = start;
      while (node) {
        const marked = node.closest('[lang]');
        if (marked) return marked.getAttribute('lang') ?? '';
        const root = node.getRootNode();
        node = root instanceof ShadowRoot ? root.host : null;
      }
      return '';
    };
    const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true });
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) visit(element.shadowRoot);
        if (['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(element.tagName)) continue;
        // <option>s are not "visible" boxes, but the reader sees them in the select.
        const visible = element.tagName === 'OPTION' ? shown(element.closest('select') ?? element) : shown(element);
        if (!visible) continue;
        const lang = langOf(element);
        for (const child of element.childNodes) if (child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) found.push({ text: child.textContent, lang });
        const whole = element.textContent ?? '';
        if (element.children.length && whole.length <= 300 && whole.trim()) found.push({ text: whole, lang });
        for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
          const value = element.getAttribute(name);
          if (value?.trim()) found.push({ text: value, lang });
        }
      }
    };
    visit(document);
    if (document.title) found.push({ text: document.title, lang: document.documentElement.lang });
    return found;
  });
}

const primary = (tag: string) => tag.toLowerCase().split('-')[0] ?? '';

/**
 * The page reads in `language`: UI strings of that language are there, and none of another
 * language appears outside an element marked with that other language's `lang`.
 */
export async function expectPageInLanguage(page: Page, language: string, where: string): Promise<void> {
  expect(primary(await page.locator('html').getAttribute('lang') ?? ''), `${where}: <html lang>`).toBe(language);
  const pieces = await pageTexts(page);
  const ours = pieces.filter((piece) => !piece.lang || primary(piece.lang) === language).map((piece) => piece.text);
  const { known, foreign } = judgeLanguage(ours, language);
  expect(foreign, `${where}: UI strings of another language`).toEqual([]);
  const marked = [...new Set(pieces.map((piece) => piece.lang))].join(', ');
  expect(known.length, `${where}: UI strings of ${language} (found ${JSON.stringify(known)} in ${ours.length} pieces; languages marked: ${marked})`).toBeGreaterThanOrEqual(2);
}

/** The mail reads in `language` (its subject and lines, against the locale files) and never names the opening's internal title. */
export function expectMailInLanguage(mail: OutboxMail, language: string, internalTitle: string): void {
  const lines = [mail.subject, ...mail.text.split(/\n+/)];
  const { known, foreign } = judgeLanguage(lines, language);
  expect(foreign, `mail "${mail.subject}": UI strings of another language`).toEqual([]);
  expect(known.length, `mail "${mail.subject}": UI strings of ${language}`).toBeGreaterThanOrEqual(1);
  expect(`${mail.subject}\n${mail.text}`, `mail "${mail.subject}"`).not.toContain(internalTitle);
}

/** Nothing when the page fits the screen (`scrollWidth <= innerWidth`); else the elements that stick out, to name the culprit. */
export async function widerThanTheScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= innerWidth) return [];
    const out: string[] = [`scrollWidth ${document.documentElement.scrollWidth} > ${innerWidth}`];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) visit(element.shadowRoot);
        const box = element.getBoundingClientRect();
        if (box.right > innerWidth + 0.5 && out.length < 12) out.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} right ${Math.round(box.right)}`);
      }
    };
    visit(document);
    return out;
  });
}

/** The company the journey is with: its logo's address, its brand's primary colour, the opening's internal title. */
export interface JourneyCompany {
  logoUrl: string;
  primaryColor: string;
  internalTitle: string;
}

/** Across shadow roots: whether the logo at `logoUrl` is shown and loaded, the primary colours themed elements compute, and all text and labels. */
function frameOf(page: Page, logoUrl: string): Promise<{ logo: boolean; primaries: string[]; text: string }> {
  return page.evaluate(
    ({ logoPath }) => {
      const all: Element[] = [];
      const visit = (root: Document | ShadowRoot) => {
        for (const element of root.querySelectorAll('*')) {
          all.push(element);
          if (element.shadowRoot) visit(element.shadowRoot);
        }
      };
      visit(document);
      const logo = all.some((element) => element instanceof HTMLImageElement && new URL(element.src, location.href).pathname === logoPath && element.checkVisibility() && element.complete && element.naturalWidth > 0);
      const primaries = new Set(all.map((element) => getComputedStyle(element).getPropertyValue('--rec-color-primary').trim().toLowerCase()).filter(Boolean));
      const text = all.map((element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join(' ')).join('\n');
      const labels = all.flatMap((element) => ['aria-label', 'title', 'alt', 'placeholder', 'value'].map((name) => element.getAttribute(name) ?? '')).join('\n');
      return { logo, primaries: [...primaries], text: `${document.title}\n${text}\n${labels}` };
    },
    { logoPath: new URL(logoUrl, 'http://x').pathname },
  );
}

/**
 * Everything a candidate-facing page must hold, checked once the page shows what `where` names:
 * language, width, the company's logo and theme, no internal title, axe.
 */
export async function expectCandidatePage(page: Page, language: string, company: JourneyCompany, where: string, { frame: framed = true } = {}): Promise<void> {
  await expectPageInLanguage(page, language, where);
  expect(await widerThanTheScreen(page), `${where}: no sideways scrolling`).toEqual([]);
  // The logo counts once it is shown and loaded, as a reader sees it: wait for that, not for a time.
  if (framed) await expect.poll(async () => (await frameOf(page, company.logoUrl)).logo, { message: `${where}: the company's logo` }).toBe(true);
  const frame = await frameOf(page, company.logoUrl);
  if (framed) expect(frame.primaries, `${where}: the company's primary colour`).toContain(company.primaryColor.toLowerCase());
  expect(frame.text, `${where}: the opening's internal title`).not.toContain(company.internalTitle);
  await expectNoAxeViolation(page);
}
