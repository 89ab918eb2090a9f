import {
  BRAND_COLOR_KEYS,
  type Brand,
  type BrandColorKey,
  brandContrastIssues,
  DEFAULT_BRAND_COLORS,
  DEFAULT_BRAND_RADIUS,
  DEFAULT_BRAND_SPACING,
} from '@rec/core';
import type { Translate } from '@rec/i18n';
import { Button } from '@rec/ui';
import { useId, useState } from 'react';
import { $locale } from '../../api';
import { useStore } from '../../use-store';
import { parseHexColor } from '../settings/brand/brand-draft';
import { adoptBrandStyles } from '../settings/brand/brand-styles';
import { ColorField } from '../settings/brand/ColorField';
import { ContrastIssueList } from '../settings/brand/ContrastReport';
import { FontSelect } from '../settings/brand/FontSelect';

/** The schema's bounds (packages/core company-settings.ts BrandSchema). */
const RADIUS = { min: 0, max: 24 };
const SPACING = { min: 0.75, max: 1.5, step: 0.05 };

export interface BrandPanelProps {
  brand: Brand;
  onChange: (brand: Brand) => void;
  /** Back to the brand the page started with (the link's, the company's or the default). */
  onReset: () => void;
  onCopyLink: () => Promise<void>;
  t: Translate;
}

/**
 * One colour of the panel: the brand editor's own field (settings/brand/ColorField.tsx). What is
 * typed stays in the field while it is not yet a colour; the brand only takes whole codes.
 */
function PanelColor({ name, value, onChange, t }: { name: BrandColorKey; value: string; onChange: (value: string) => void; t: Translate }) {
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? value;
  return (
    <ColorField
      label={t(`brandEditor.colors.${name}`)}
      text={text}
      color={value}
      invalid={parseHexColor(text) === null}
      onText={(next) => {
        setTyped(next);
        const color = parseHexColor(next);
        if (color) onChange(color);
      }}
    />
  );
}

/**
 * The brand a designer tries: the seven colours, the font, the corner radius and the spacing.
 * Nothing is saved: every change goes into the page's link (see BrandingPreviewPage), which
 * "copy link" shares. Colour pairs below WCAG AA are listed as they happen (a polite live region).
 */
export function BrandPanel({ brand, onChange, onReset, onCopyLink, t }: BrandPanelProps) {
  adoptBrandStyles();
  const locale = useStore($locale);
  const id = useId();
  const [resets, setResets] = useState(0);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const colors = { ...DEFAULT_BRAND_COLORS, ...brand.colors };
  const issues = brandContrastIssues(brand);
  const setNumber = (key: 'radius' | 'spacing', text: string, bounds: { min: number; max: number }) => {
    const value = Number(text);
    if (text !== '' && Number.isFinite(value) && value >= bounds.min && value <= bounds.max) onChange({ ...brand, [key]: value });
  };
  return (
    <section className="bp-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('brandingPreview.panel.title')}</h2>
      <p className="bp-panel-intro">{t('brandingPreview.panel.intro')}</p>
      <form onSubmit={(event) => event.preventDefault()}>
        {/* A reset starts the colour fields afresh: what was typed in them goes with the values. */}
        <fieldset key={resets}>
          <legend>{t('brandingPreview.panel.colorsLegend')}</legend>
          {BRAND_COLOR_KEYS.map((key) => (
            <PanelColor key={key} name={key} value={colors[key]} t={t} onChange={(value) => onChange({ ...brand, colors: { ...brand.colors, [key]: value } })} />
          ))}
        </fieldset>
        <div className="bp-field">
          <label htmlFor={`${id}-font`}>{t('brandingPreview.panel.font')}</label>
          <FontSelect id={`${id}-font`} value={brand.font ?? 'inherit'} onChange={(font) => onChange({ ...brand, font })} />
        </div>
        <div className="bp-field">
          <label htmlFor={`${id}-radius`}>{t('brandingPreview.panel.radius')}</label>
          <input id={`${id}-radius`} type="number" min={RADIUS.min} max={RADIUS.max} step={1} value={brand.radius ?? DEFAULT_BRAND_RADIUS} onChange={(event) => setNumber('radius', event.currentTarget.value, RADIUS)} />
        </div>
        <div className="bp-field">
          <label htmlFor={`${id}-spacing`}>{t('brandingPreview.panel.spacing')}</label>
          <input
            id={`${id}-spacing`}
            type="number"
            min={SPACING.min}
            max={SPACING.max}
            step={SPACING.step}
            value={brand.spacing ?? DEFAULT_BRAND_SPACING}
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
          <Button
            variant="secondary"
            onClick={() => {
              setResets((count) => count + 1);
              onReset();
            }}
          >
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
            <ContrastIssueList issues={issues} locale={locale} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
