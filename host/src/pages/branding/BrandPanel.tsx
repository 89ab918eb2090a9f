import { BRAND_COLOR_KEYS, BRAND_FONTS, type Brand, type BrandColorKey, type BrandFont, brandContrastIssues, DEFAULT_BRAND_COLORS } from '@rec/core';
import type { Translate } from '@rec/i18n';
import { Button } from '@rec/ui';
import { useId, useState } from 'react';

const HEX = /^#[0-9a-fA-F]{6}$/;
/** The schema's bounds (packages/core company-settings.ts BrandSchema). */
const RADIUS = { min: 0, max: 24 };
const SPACING = { min: 0.75, max: 1.5, step: 0.05 };
const DEFAULT_RADIUS = 8;
const DEFAULT_SPACING = 1;

export interface BrandPanelProps {
  brand: Brand;
  onChange: (brand: Brand) => void;
  /** Back to the brand the page started with (the link's, the company's or the default). */
  onReset: () => void;
  onCopyLink: () => Promise<void>;
  t: Translate;
}

/** A colour: the browser's picker and the hex code side by side (a designer pastes a code; the picker needs no typing). */
function ColorField({ name, value, onChange, t }: { name: BrandColorKey; value: string; onChange: (value: string) => void; t: Translate }) {
  const id = useId();
  // What is typed stays in the field while it is not yet a colour; the brand only takes whole codes.
  const [typed, setTyped] = useState<string | null>(null);
  const label = t(`brandingPreview.panel.colors.${name}`);
  const invalid = typed !== null && !HEX.test(typed);
  return (
    <div className="bp-color">
      <label htmlFor={`${id}-hex`}>{label}</label>
      <div className="bp-color-inputs">
        <input type="color" value={value} aria-label={t('brandingPreview.panel.picker', { color: label })} onChange={(event) => onChange(event.currentTarget.value)} />
        <input
          id={`${id}-hex`}
          type="text"
          value={typed ?? value}
          size={8}
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            const text = event.currentTarget.value.trim();
            setTyped(text);
            if (HEX.test(text)) onChange(text.toLowerCase());
          }}
          onBlur={() => !invalid && setTyped(null)}
        />
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="bp-field-error">
          {t('brandingPreview.panel.hexError')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The brand a designer tries: the seven colours, the font, the corner radius and the spacing.
 * Nothing is saved: every change goes into the page's link (see BrandingPreviewPage), which
 * "copy link" shares. Colour pairs below WCAG AA are listed as they happen (a polite live region).
 */
export function BrandPanel({ brand, onChange, onReset, onCopyLink, t }: BrandPanelProps) {
  const id = useId();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const colors = { ...DEFAULT_BRAND_COLORS, ...brand.colors };
  const issues = brandContrastIssues(brand);
  const colorName = (key: BrandColorKey) => t(`brandingPreview.panel.colors.${key}`);
  const setNumber = (key: 'radius' | 'spacing', text: string, bounds: { min: number; max: number }) => {
    const value = Number(text);
    if (text !== '' && Number.isFinite(value) && value >= bounds.min && value <= bounds.max) onChange({ ...brand, [key]: value });
  };
  return (
    <section className="bp-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('brandingPreview.panel.title')}</h2>
      <p className="bp-panel-intro">{t('brandingPreview.panel.intro')}</p>
      <form onSubmit={(event) => event.preventDefault()}>
        <fieldset>
          <legend>{t('brandingPreview.panel.colorsLegend')}</legend>
          {BRAND_COLOR_KEYS.map((key) => (
            <ColorField key={key} name={key} value={colors[key]} t={t} onChange={(value) => onChange({ ...brand, colors: { ...brand.colors, [key]: value } })} />
          ))}
        </fieldset>
        <div className="bp-field">
          <label htmlFor={`${id}-font`}>{t('brandingPreview.panel.font')}</label>
          <select id={`${id}-font`} value={brand.font ?? 'inherit'} onChange={(event) => onChange({ ...brand, font: event.currentTarget.value as BrandFont })}>
            {BRAND_FONTS.map((font) => (
              <option key={font} value={font}>
                {t(`brandingPreview.panel.fonts.${font}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="bp-field">
          <label htmlFor={`${id}-radius`}>{t('brandingPreview.panel.radius')}</label>
          <input id={`${id}-radius`} type="number" min={RADIUS.min} max={RADIUS.max} step={1} value={brand.radius ?? DEFAULT_RADIUS} onChange={(event) => setNumber('radius', event.currentTarget.value, RADIUS)} />
        </div>
        <div className="bp-field">
          <label htmlFor={`${id}-spacing`}>{t('brandingPreview.panel.spacing')}</label>
          <input
            id={`${id}-spacing`}
            type="number"
            min={SPACING.min}
            max={SPACING.max}
            step={SPACING.step}
            value={brand.spacing ?? DEFAULT_SPACING}
            onChange={(event) => setNumber('spacing', event.currentTarget.value, SPACING)}
          />
        </div>
        <div className="bp-actions">
          <Button
            variant="primary"
            onClick={async () => {
              try {
                await onCopyLink();
                setCopyState('copied');
              } catch {
                setCopyState('failed');
              }
            }}
          >
            {t('brandingPreview.panel.copyLink')}
          </Button>
          <Button variant="secondary" onClick={onReset}>
            {t('brandingPreview.panel.reset')}
          </Button>
        </div>
        <p className="bp-status" role="status">
          {copyState === 'copied' ? t('brandingPreview.panel.copied') : copyState === 'failed' ? t('brandingPreview.panel.copyFailed') : ''}
        </p>
      </form>
      <div aria-live="polite">
        {issues.length ? (
          <div className="bp-contrast">
            <p className="bp-contrast-title">{t('brandingPreview.panel.contrastTitle')}</p>
            <ul>
              {issues.map((issue) => (
                <li key={`${issue.foreground}-${issue.background}`}>
                  {t('brandingPreview.panel.contrastIssue', { foreground: colorName(issue.foreground), background: colorName(issue.background), ratio: issue.ratio })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
