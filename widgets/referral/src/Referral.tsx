import { createApiClient, createReferral, isApiError } from '@rec/api-client';
import { isObjectId, type Locale, toLocale } from '@rec/core';
import { COMMON_PART, type LocalePart, OFFER_PART } from '@rec/i18n/widgets';
import { ShareActions } from '@rec/ui/share-actions';
import { type ElementProps, headingTag, Loading, PoweredBy, resolveApiBase, useTranslate } from '@rec/ui';
import { type FormEvent, useMemo, useRef, useState } from 'react';

/** Attributes of <rec-referral>. */
export interface ReferralProps extends ElementProps {
  companyId?: string;
  /** Refer to one offer instead of the company's board. */
  channelId?: string;
  language?: string;
  apiBase?: string;
  /** Level of the title heading, 1 to 6 (default 2; the full page uses 1). */
  headingLevel?: string;
}

const PARTS: readonly LocalePart[] = [COMMON_PART, OFFER_PART];
type Field = 'name' | 'email';

/** `<rec-referral>`: an employee enters name and e-mail and gets a personal referral link. */
export function Referral({ companyId, channelId, language, apiBase, headingLevel }: ReferralProps) {
  const locale: Locale = toLocale(language) ?? toLocale(globalThis.document?.documentElement.lang) ?? 'en';
  const t = useTranslate(locale, PARTS);
  const baseURL = resolveApiBase(apiBase);
  const api = useMemo(() => createApiClient({ baseURL, getLocale: () => locale, retry: 0 }), [baseURL, locale]);
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [link, setLink] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  if (!t) return <Loading label="" />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isObjectId(companyId)) {
      setFailure('errors.invalidId');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const result = await createReferral(api, { companyId, name: values.name.trim(), email: values.email.trim(), ...(isObjectId(channelId) ? { channelId } : {}) });
      setErrors({});
      setLink(result.url);
    } catch (error) {
      const fields = isApiError(error) ? (error.fields as Partial<Record<Field, string>>) : {};
      setErrors(fields);
      const first = (['name', 'email'] as const).find((field) => fields[field]);
      if (first) form.current?.querySelector<HTMLElement>(`#rec-referral-${first}`)?.focus();
      else setFailure(isApiError(error) ? error.key : 'genericErrorTitle');
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, type: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`rec-referral-${name}`}>
        {t(`referral.${name}`)}
        <span aria-hidden="true"> *</span>
      </label>
      <input
        id={`rec-referral-${name}`}
        type={type}
        autoComplete={autoComplete}
        aria-required="true"
        aria-invalid={!!errors[name] || undefined}
        aria-describedby={errors[name] ? `rec-referral-${name}-error` : undefined}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
      />
      {errors[name] ? (
        <p id={`rec-referral-${name}-error`} className="field-error">
          {t(errors[name] ?? '', { length: name === 'name' ? 120 : 254 })}
        </p>
      ) : null}
    </div>
  );

  const Heading = headingTag(headingLevel, 2);
  return (
    <section className="referral" part="referral" lang={locale} aria-labelledby="rec-referral-title">
      <Heading id="rec-referral-title">{t('referral.title')}</Heading>
      <p>{t('referral.intro')}</p>
      <form ref={form} noValidate onSubmit={onSubmit}>
        {field('name', 'text', 'name')}
        {field('email', 'email', 'email')}
        <button type="submit" className="rec-button" disabled={busy}>
          {t('referral.submit')}
        </button>
      </form>
      <div role="alert" className="field-error">
        {failure ? t(failure) : ''}
      </div>
      <div role="status">
        {link ? (
          <div className="referral-result">
            <p className="referral-result-title">{t('referral.result')}</p>
            <p>
              <a href={link} part="referral-link">
                {link}
              </a>
            </p>
            <ShareActions url={link} title={t('referral.title')} t={t} />
          </div>
        ) : null}
      </div>
      <PoweredBy t={t} />
    </section>
  );
}
