import type { Locale } from '@rec/core';
import { elementLanguageSources, visitorLanguage } from '@rec/core/visitor-language';
import type { RecWidgetsGlobal } from '@rec/ui';
import { applyThemeProperties } from '@rec/ui/theme-properties';
import uiCss from '@rec/ui/ui.css';
import { type PropertyValues, ReactiveElement, unsafeCSS } from '@lit/reactive-element';
import { html, nothing, render, type TemplateResult } from 'lit-html';
import { loadMessages, type Messages, translate } from './messages';
import referralCss from './referral.css';
import { REFERRAL_MAX, type ReferralField, referralFieldError } from './referral-rules';
import { fetchThemeProperties, postReferral, ReferralRequestError } from './referral-request';

declare global {
  // Read by lit for the `<style>` fallback where adopted stylesheets are missing.
  var litNonce: string | undefined;
}
const widgets = (): RecWidgetsGlobal | undefined => window.recWidgets;
globalThis.litNonce ??= widgets()?.nonce;

const FIELDS: readonly ReferralField[] = ['name', 'email'];
const OBJECT_ID = /^[0-9a-f]{24}$/;
/** Spec §5: validation on blur and change, with a 5 ms debounce. */
const DEBOUNCE_MS = 5;

/** The title in the page's outline (`heading-level`, default 2): lit-html cannot make a tag name dynamic. */
const HEADINGS: Record<string, (text: string) => TemplateResult> = {
  1: (text) => html`<h1 id="rec-referral-title">${text}</h1>`,
  2: (text) => html`<h2 id="rec-referral-title">${text}</h2>`,
  3: (text) => html`<h3 id="rec-referral-title">${text}</h3>`,
  4: (text) => html`<h4 id="rec-referral-title">${text}</h4>`,
  5: (text) => html`<h5 id="rec-referral-title">${text}</h5>`,
  6: (text) => html`<h6 id="rec-referral-title">${text}</h6>`,
};

/**
 * `<rec-referral company-id="…" channel-id="…" language="fr" api-base="https://…" heading-level="2">`
 *
 * An employee enters name and e-mail and gets a personal referral link (to the company's board,
 * or to one offer with `channel-id`), with copy and share actions. lit, not React: a page showing
 * only this form never loads the preact/i18next chunk (37 KB gzip before, see packages/dev/size.mjs).
 * Language: the one rule of every element (@rec/core visitor-language.ts).
 * Parts: `referral`, `loading`, `referral-link`, `share`, `copy-link`, `share-button`, `powered-by`.
 *
 * @csspart referral
 * @csspart loading
 * @csspart referral-link
 * @csspart share
 * @csspart copy-link
 * @csspart share-button
 * @csspart powered-by
 * @cssprop --rec-color-primary - The button and link colour.
 * @cssprop --rec-color-error - Error messages.
 * @cssprop --rec-color-focus - The focus ring.
 * @cssprop --rec-color-input-border - Field borders.
 * @cssprop --rec-radius - The corner radius.
 */
// Not exported: the loader only needs the definition. Pages and tests reach the class as
// HTMLElementTagNameMap['rec-referral'].
class RecReferral extends ReactiveElement {
  static override styles = [unsafeCSS(uiCss), unsafeCSS(referralCss)];

  static override properties = {
    companyId: { attribute: 'company-id' },
    channelId: { attribute: 'channel-id' },
    language: {},
    apiBase: { attribute: 'api-base' },
    headingLevel: { attribute: 'heading-level' },
    messages: { state: true },
    errors: { state: true },
    link: { state: true },
    failure: { state: true },
    busy: { state: true },
    copied: { state: true },
  };

  declare companyId: string | undefined;
  declare channelId: string | undefined;
  declare language: string | undefined;
  declare apiBase: string | undefined;
  declare headingLevel: string | undefined;
  declare messages: Messages | undefined;
  declare errors: Partial<Record<ReferralField, string>>;
  declare link: string | undefined;
  declare failure: string | undefined;
  declare busy: boolean;
  declare copied: boolean;

  #locale: Locale = 'en';
  #localeRequest = 0;
  /** Fields the visitor has left once: validation while typing starts after that, not on the first key. */
  #touched = new Set<ReferralField>();
  #timers: Partial<Record<ReferralField, ReturnType<typeof setTimeout>>> = {};

  constructor() {
    super();
    this.errors = {};
    this.busy = false;
    this.copied = false;
  }

  /** The company's brand as `--rec-*` values, once loaded. */
  #theme: Record<string, string> | undefined;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated || changed.has('language')) void this.#loadLocale();
    if (!this.hasUpdated || changed.has('companyId')) void this.#loadTheme();
  }

  /** The company's theme (issue 25), as the board shows it; a failure leaves the defaults. */
  async #loadTheme(): Promise<void> {
    const companyId = this.companyId ?? '';
    if (!OBJECT_ID.test(companyId)) return;
    const properties = await fetchThemeProperties(this.apiBase || widgets()?.apiBase || new URL(import.meta.url).origin, companyId);
    if (companyId !== this.companyId) return;
    this.#theme = properties;
    this.requestUpdate();
  }

  /** Loads the strings of the wanted language; the latest call wins. */
  async #loadLocale(): Promise<void> {
    const locale = visitorLanguage(elementLanguageSources(this, this.language));
    const call = ++this.#localeRequest;
    const messages = await loadMessages(locale);
    if (call !== this.#localeRequest) return;
    this.#locale = locale;
    this.messages = messages;
  }

  /** A translated string; an unknown key (a server error this element has no text for) reads as the generic error. */
  #t(key: string, values?: Record<string, string | number>): string {
    const messages = this.messages ?? {};
    return translate(messages, key, values) ?? translate(messages, 'genericErrorTitle') ?? '';
  }

  #input(field: ReferralField): HTMLInputElement | null {
    return this.renderRoot.querySelector<HTMLInputElement>(`#rec-referral-${field}`);
  }

  #validate(field: ReferralField): void {
    clearTimeout(this.#timers[field]);
    const error = referralFieldError(field, this.#input(field)?.value ?? '');
    if (error !== this.errors[field]) this.errors = { ...this.errors, [field]: error };
  }

  #onBlur(field: ReferralField): void {
    this.#touched.add(field);
    this.#validate(field);
  }

  #onInput(field: ReferralField): void {
    if (!this.#touched.has(field) && !this.errors[field]) return;
    clearTimeout(this.#timers[field]);
    this.#timers[field] = setTimeout(() => this.#validate(field), DEBOUNCE_MS);
  }

  async #onSubmit(event: Event): Promise<void> {
    event.preventDefault();
    if (this.busy) return;
    // A message of the previous attempt no longer applies.
    this.failure = undefined;
    const values = { name: this.#input('name')?.value.trim() ?? '', email: this.#input('email')?.value.trim() ?? '' };
    const errors: Partial<Record<ReferralField, string>> = {};
    for (const field of FIELDS) {
      this.#touched.add(field);
      clearTimeout(this.#timers[field]);
      const error = referralFieldError(field, values[field]);
      if (error) errors[field] = error;
    }
    this.errors = errors;
    if (this.#focusFirstError(errors)) return;
    const companyId = this.companyId ?? '';
    if (!OBJECT_ID.test(companyId)) {
      this.failure = 'errors.invalidId';
      return;
    }
    this.busy = true;
    try {
      const channelId = this.channelId && OBJECT_ID.test(this.channelId) ? this.channelId : undefined;
      const apiBase = this.apiBase || widgets()?.apiBase || new URL(import.meta.url).origin;
      const result = await postReferral(apiBase, this.#locale, { companyId, ...values, ...(channelId ? { channelId } : {}) });
      this.copied = false;
      this.link = result.url;
    } catch (error) {
      const fields = error instanceof ReferralRequestError ? error.fields : {};
      this.errors = { name: fields.name, email: fields.email };
      if (!this.#focusFirstError(this.errors)) this.failure = error instanceof ReferralRequestError ? error.key : 'genericErrorTitle';
    } finally {
      this.busy = false;
    }
  }

  /** Moves the focus to the first field in error, once it is rendered; false when none is. */
  #focusFirstError(errors: Partial<Record<ReferralField, string>>): boolean {
    const first = FIELDS.find((field) => errors[field]);
    if (first) void this.updateComplete.then(() => this.#input(first)?.focus());
    return !!first;
  }

  async #copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.link ?? '');
      this.copied = true;
    } catch {
      this.copied = false;
    }
  }

  protected override update(changed: PropertyValues<this>): void {
    const view = this.render();
    super.update(changed);
    render(view, this.renderRoot, { host: this });
    applyThemeProperties(this, this.renderRoot.querySelector<HTMLElement>('.referral'), this.#theme);
  }

  #field(field: ReferralField, type: string): TemplateResult {
    const error = this.errors[field];
    const id = `rec-referral-${field}`;
    return html`<div class="field">
      <label for=${id}>${this.#t(`referral.${field}`)}<span aria-hidden="true"> *</span></label>
      <input
        id=${id}
        name=${field}
        type=${type}
        autocomplete=${field}
        aria-required="true"
        aria-invalid=${error ? 'true' : nothing}
        aria-describedby=${error ? `${id}-error` : nothing}
        @blur=${() => this.#onBlur(field)}
        @input=${() => this.#onInput(field)}
        @change=${() => this.#validate(field)}
      />
      ${error ? html`<p id="${id}-error" class="field-error">${this.#t(error, { length: REFERRAL_MAX[field] })}</p>` : nothing}
    </div>`;
  }

  #result(link: string): TemplateResult {
    const canShare = typeof navigator.share === 'function';
    const title = this.#t('referral.title');
    return html`<div class="referral-result">
      <p class="referral-result-title">${this.#t('referral.result')}</p>
      <p><a href=${link} part="referral-link">${link}</a></p>
      <div class="rec-share" part="share">
        <button type="button" class="rec-button rec-button-secondary" part="copy-link" @click=${() => this.#copy()}>${this.#t('offerPage.copyLink')}</button>
        ${
          canShare
            ? html`<button type="button" class="rec-button rec-button-secondary" part="share-button" @click=${() => navigator.share({ title, url: link }).catch(() => undefined)}>
              ${this.#t('share.shareVia')}
            </button>`
            : nothing
        }
        <span role="status" class="rec-share-status">${this.copied ? this.#t('offerPage.linkCopied') : ''}</span>
      </div>
    </div>`;
  }

  protected render(): TemplateResult {
    if (!this.messages) return html`<div class="rec-loading" role="status" part="loading"><span class="rec-spinner" aria-hidden="true"></span><span></span></div>`;
    const heading = HEADINGS[Number.parseInt(this.headingLevel ?? '', 10)] ?? HEADINGS[2];
    return html`<section class="referral" part="referral" lang=${this.#locale} aria-labelledby="rec-referral-title">
      ${heading?.(this.#t('referral.title'))}
      <p>${this.#t('referral.intro')}</p>
      <form novalidate @submit=${(event: Event) => this.#onSubmit(event)}>
        ${this.#field('name', 'text')} ${this.#field('email', 'email')}
        <button type="submit" class="rec-button" ?disabled=${this.busy}>${this.#t('referral.submit')}</button>
      </form>
      <div role="alert" class="field-error">${this.failure ? this.#t(this.failure) : ''}</div>
      <div role="status">${this.link ? this.#result(this.link) : nothing}</div>
      <p class="rec-powered-by" part="powered-by">${this.#t('common.poweredBy', { brand: 'Rec' })}</p>
    </section>`;
  }
}

if (!customElements.get('rec-referral')) customElements.define('rec-referral', RecReferral);

declare global {
  interface HTMLElementTagNameMap {
    'rec-referral': RecReferral;
  }
}
