import { BRAND_COLOR_KEYS, type Brand, brandContrastIssues, type CompanyLogo } from '@rec/core';
import { Button, Dialog, MessageBlock } from '@rec/ui';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { $locale } from '../../../api';
import { useT } from '../../../i18n';
import { useStore } from '../../../use-store';
import { adoptBrandStyles } from './brand-styles';
import { BrandPreview } from './BrandPreview';
import { brandOfDraft, draftChanges, draftFromBrand, invalidColorKeys, previewProperties, withColorText } from './brand-draft';
import { ColorField } from './ColorField';
import { ContrastIssueList, ContrastReport } from './ContrastReport';
import { DefaultLogo } from './DefaultLogo';
import { FontSelect } from './FontSelect';

/** The back-office's own font: what "the career site's font" looks like in the preview here. */
const pageFont = () => (typeof document === 'undefined' ? 'inherit' : getComputedStyle(document.body).fontFamily);

/**
 * The Brand section of settings_new/mycompany (issue 16): the seven colours, the font, corner
 * radius and spacing, the default logo, a live contrast check and a live preview of the real
 * widgets. Saving with contrast issues asks first. `readOnly` (no COMPANIES:SETTINGS:MANAGE):
 * the saved brand shown, every control disabled, no save (the server refuses it anyway).
 */
export function BrandEditor({
  brand,
  logos,
  busy,
  readOnly,
  onSave,
}: {
  brand: Brand;
  logos: readonly CompanyLogo[];
  busy: boolean;
  readOnly: boolean;
  onSave: (brand: Brand) => void;
}) {
  adoptBrandStyles();
  const t = useT();
  const locale = useStore($locale);
  const id = useId();
  const form = useRef<HTMLFormElement | null>(null);
  const [draft, setDraft] = useState(() => draftFromBrand(brand));
  const [confirming, setConfirming] = useState(false);

  // A save answers the brand as stored: the editor shows that (the stored form of what was sent).
  const savedKey = JSON.stringify(brand);
  // Keyed by content, not identity: every load brings a new object for the same brand.
  useEffect(() => setDraft(draftFromBrand(JSON.parse(savedKey) as Brand)), [savedKey]);

  const invalid = invalidColorKeys(draft);
  const issues = useMemo(() => brandContrastIssues({ colors: draft.colors }), [draft.colors]);
  const changed = draftChanges(draft, brand);
  const properties = previewProperties(draft, pageFont());
  const number = (value: number, digits: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  const radiusText = t('brandEditor.radiusValue', { value: number(draft.radius, 0) });
  const spacingText = t('brandEditor.spacingValue', { value: number(draft.spacing, 2) });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid.length) {
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (issues.length) setConfirming(true);
    else onSave(brandOfDraft(draft));
  }

  return (
    <section className="settings-section" aria-labelledby="brand-title" id="brand">
      <h2 id="brand-title">{t('companySettings.brand.title')}</h2>
      <p className="settings-hint">{t('companySettings.brand.hint')}</p>
      {readOnly ? <MessageBlock tone="info">{t('brandEditor.readOnly')}</MessageBlock> : null}
      <div className="brand-layout">
        <div className="brand-column">
          <DefaultLogo logos={logos} canManage={!readOnly} />
          <form ref={form} className="settings-form brand-form" onSubmit={submit} aria-labelledby="brand-title" noValidate>
            <fieldset className="brand-fieldset" disabled={readOnly}>
              <legend className="rec-sr-only">{t('companySettings.brand.title')}</legend>
              <fieldset className="brand-colors">
                <legend>{t('brandEditor.colorsLegend')}</legend>
                {BRAND_COLOR_KEYS.map((key) => (
                  <ColorField
                    key={key}
                    label={t(`brandEditor.colors.${key}`)}
                    text={draft.colorText[key]}
                    color={draft.colors[key]}
                    invalid={invalid.includes(key)}
                    onText={(text) => setDraft((current) => withColorText(current, key, text))}
                  />
                ))}
              </fieldset>
              <div className="settings-field">
                <label htmlFor={`${id}-font`}>{t('brandEditor.font')}</label>
                <FontSelect id={`${id}-font`} value={draft.font} onChange={(font) => setDraft({ ...draft, font })} />
              </div>
              <div className="settings-field">
                <label htmlFor={`${id}-radius`}>{t('brandEditor.radius')}</label>
                <div className="brand-range">
                  <input
                    id={`${id}-radius`}
                    type="range"
                    min={0}
                    max={24}
                    step={1}
                    value={draft.radius}
                    aria-valuetext={radiusText}
                    onChange={(event) => setDraft({ ...draft, radius: Number(event.currentTarget.value) })}
                  />
                  {/* Visible value; assistive technology hears it through aria-valuetext. */}
                  <span aria-hidden="true">{radiusText}</span>
                </div>
              </div>
              <div className="settings-field">
                <label htmlFor={`${id}-spacing`}>{t('brandEditor.spacing')}</label>
                <div className="brand-range">
                  <input
                    id={`${id}-spacing`}
                    type="range"
                    min={0.75}
                    max={1.5}
                    step={0.05}
                    value={draft.spacing}
                    aria-valuetext={spacingText}
                    onChange={(event) => setDraft({ ...draft, spacing: Number(event.currentTarget.value) })}
                  />
                  <span aria-hidden="true">{spacingText}</span>
                </div>
              </div>
            </fieldset>
            <ContrastReport issues={issues} locale={locale} />
            {readOnly ? null : (
              <div className="settings-actions">
                <Button type="submit" busy={busy}>
                  {t('brandEditor.save')}
                </Button>
                <Button variant="secondary" disabled={busy} onClick={() => setDraft(draftFromBrand({}))}>
                  {t('brandEditor.reset')}
                </Button>
                <Button variant="secondary" disabled={busy || !changed} onClick={() => setDraft(draftFromBrand(brand))}>
                  {t('brandEditor.discard')}
                </Button>
              </div>
            )}
          </form>
        </div>
        <BrandPreview properties={properties} />
      </div>
      <Dialog
        open={confirming}
        role="alertdialog"
        title={t('brandEditor.confirm.title')}
        closeLabel={t('brandEditor.confirm.cancel')}
        onClose={() => setConfirming(false)}
        describedBy={`${id}-confirm-text ${id}-confirm-issues`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} data-autofocus="">
              {t('brandEditor.confirm.cancel')}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                onSave(brandOfDraft(draft));
              }}
            >
              {t('brandEditor.confirm.save')}
            </Button>
          </>
        }
      >
        <p id={`${id}-confirm-text`}>{t('brandEditor.confirm.text')}</p>
        <ContrastIssueList issues={issues} locale={locale} id={`${id}-confirm-issues`} />
      </Dialog>
    </section>
  );
}
