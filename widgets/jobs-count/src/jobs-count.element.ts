import type { Locale } from '@rec/core';
import { nearestLang } from '@rec/core/visitor-language';
import type { RecWidgetsGlobal } from '@rec/ui';
import { type PropertyValues, ReactiveElement, unsafeCSS } from '@lit/reactive-element';
import { html, nothing, render } from 'lit-html';
import css from './jobs-count.css';
import { BADGE_LOCALES, countMessage, type JobsCountMessages, loadMessages } from './messages';
import { fetchOfferCount } from './offer-count-request';

export interface JobsCountLoadDetail {
  boardId: string;
  count: number;
  /** The language the badge is shown in. */
  language: Locale;
}

/** Reflected on the element for pages that want to style it: what the badge currently shows. */
export type JobsCountState = 'loading' | 'loaded' | 'empty' | 'error';

declare global {
  // Read by lit for the `<style>` fallback where adopted stylesheets are missing.
  var litNonce: string | undefined;
}
const widgets = (): RecWidgetsGlobal | undefined => window.recWidgets;
globalThis.litNonce ??= widgets()?.nonce;

/**
 * Only links a visitor can follow safely: http(s) and relative addresses, never `javascript:` or
 * `data:`. A scheme needs a colon before any `/`, `?` or `#`; addresses without one are relative.
 */
const SAFE_HREF = /^(https?:|[^:]*([/?#]|$))/i;

/**
 * `<rec-jobs-count board-id="…" href="/careers" location="…" contract="…" language="fr" empty-text="…" api-base="https://…">`
 *
 * A "we're hiring: 14 open positions" badge (a link when `href` is set) for a site's navigation
 * or footer: lit, not React, so a page that shows only the badge never loads the preact chunk.
 * Language: the one rule of every element (@rec/core visitor-language.ts), finished by the server:
 * the badge sends what the page asks for (attribute, `?language=`, nearest `lang`) and the count's
 * answer says the language (then Accept-Language, the board's, English), so no copy of the rule
 * weighs on the badge's 8 KB. With no open offer it hides itself, or shows
 * `empty-text` (a translated "no open positions" when that attribute is present but empty).
 * It hides itself on errors too: a badge in a navigation must never show an error box.
 *
 * Event `rec-jobs-count-load` (bubbles, composed), detail `{ boardId, count, language }`.
 * Parts: `badge` (the link or text), `count` (the number).
 *
 * @fires {CustomEvent<{ boardId: string; count: number; language: string }>} rec-jobs-count-load - The count is shown (also when it is 0).
 * @csspart badge - The link or text.
 * @csspart count - The number.
 * @cssprop --rec-font-family - The font.
 * @cssprop --rec-font-size - The font size.
 * @cssprop --rec-color-primary - The badge's background.
 * @cssprop --rec-color-on-primary - The badge's text.
 * @cssprop --rec-radius - The corner radius.
 * @cssprop --rec-spacing - The spacing unit.
 */
// Not exported: the loader only needs the definition, and exports cost bytes against the budget.
// Pages and tests reach the class as HTMLElementTagNameMap['rec-jobs-count'].
class RecJobsCount extends ReactiveElement {
  static override styles = unsafeCSS(css);

  static override properties = {
    boardId: { attribute: 'board-id' },
    href: {},
    location: {},
    contract: {},
    language: {},
    apiBase: { attribute: 'api-base' },
    emptyText: { attribute: 'empty-text' },
    state: { reflect: true },
    count: { state: true },
    messages: { state: true },
    locale: { state: true },
  };

  declare boardId: string | undefined;
  declare href: string | undefined;
  declare location: string | undefined;
  declare contract: string | undefined;
  declare language: string | undefined;
  declare apiBase: string | undefined;
  declare emptyText: string | null | undefined;
  declare state: JobsCountState;
  declare count: number;
  declare messages: JobsCountMessages | undefined;
  declare locale: Locale | undefined;

  /** The company's brand as `--rec-*` values (from the count's answer). */
  #theme: Record<string, string> | undefined;
  #request: AbortController | undefined;
  #localeRequest = 0;

  constructor() {
    super();
    this.state = 'loading';
    this.count = 0;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated || changed.has('boardId') || changed.has('location') || changed.has('contract') || changed.has('apiBase') || changed.has('language')) void this.#loadCount();
  }

  /**
   * Counts again for new attributes; an answer for older ones is dropped (aborted). Leaving the
   * page does not abort: an element moved elsewhere keeps its count coming.
   */
  async #loadCount(): Promise<void> {
    this.#request?.abort();
    const request = new AbortController();
    this.#request = request;
    this.state = 'loading';
    const boardId = this.boardId;
    if (!boardId) {
      this.state = 'error';
      return;
    }
    // What the page asks for: the attribute, `?language=` (`?lang=`), the nearest `lang`.
    const query = new URLSearchParams(location.search);
    const wish = this.language || query.get('language') || query.get('lang') || nearestLang(this) || '';
    // Its strings download alongside the count when it names one of our languages.
    const guess = wish.slice(0, 2).toLowerCase() as Locale;
    if (BADGE_LOCALES.includes(guess)) void this.#loadLocale(guess);
    try {
      const apiBase = this.apiBase || widgets()?.apiBase || new URL(import.meta.url).origin;
      const { count, language, properties } = await fetchOfferCount(apiBase, boardId, { location: this.location, contract: this.contract, language: wish }, request.signal);
      this.#theme = properties;
      await this.#loadLocale(language);
      if (request.signal.aborted) return;
      this.count = count;
      this.state = count > 0 ? 'loaded' : 'empty';
      const detail: JobsCountLoadDetail = { boardId, count, language: this.locale ?? 'en' };
      this.dispatchEvent(new CustomEvent('rec-jobs-count-load', { bubbles: true, composed: true, detail }));
    } catch (error) {
      if (request.signal.aborted) return;
      this.state = 'error';
      console.warn('[rec-jobs-count]', error);
    }
  }

  /** Loads the strings of a language; the latest call wins. */
  async #loadLocale(locale: Locale): Promise<void> {
    const call = ++this.#localeRequest;
    const messages = await loadMessages(locale);
    if (call !== this.#localeRequest) return;
    this.locale = locale;
    this.messages = messages;
  }

  protected override update(changed: PropertyValues<this>): void {
    const view = this.render();
    super.update(changed);
    render(view, this.renderRoot, { host: this });
    // The company's theme as the fallback of each value (jobs-count.css): the page's own `--rec-*`
    // values win. `--rec-x` becomes `--rec-brand-x`; through the CSSOM, which a strict style-src allows.
    for (const [name, value] of Object.entries(this.#theme ?? {})) this.style.setProperty(name.replace('c-', 'c-brand-'), value);
  }

  protected render() {
    const { messages, locale } = this;
    if (!messages || !locale || (this.state !== 'loaded' && this.state !== 'empty')) return nothing;
    let content: unknown;
    // The page's own empty text is in the page's language, not necessarily ours.
    let lang: string | typeof nothing = locale;
    if (this.state === 'loaded') {
      const [before, number, after] = countMessage(messages, locale, 'hiring', this.count);
      content = html`${before}<span class="count" part="count">${number}</span>${after}`;
    } else if (this.emptyText != null) {
      content = this.emptyText || messages.none;
      if (this.emptyText) lang = nothing;
    } else {
      return nothing;
    }
    const href = this.href && SAFE_HREF.test(this.href) ? this.href : undefined;
    return href
      ? html`<a class="badge" part="badge" href=${href} lang=${lang}>${content}</a>`
      : html`<span class="badge" part="badge" lang=${lang}>${content}</span>`;
  }
}

if (!customElements.get('rec-jobs-count')) customElements.define('rec-jobs-count', RecJobsCount);

declare global {
  interface HTMLElementTagNameMap {
    'rec-jobs-count': RecJobsCount;
  }
  interface HTMLElementEventMap {
    'rec-jobs-count-load': CustomEvent<JobsCountLoadDetail>;
  }
  interface DocumentEventMap {
    'rec-jobs-count-load': CustomEvent<JobsCountLoadDetail>;
  }
  interface WindowEventMap {
    'rec-jobs-count-load': CustomEvent<JobsCountLoadDetail>;
  }
}
