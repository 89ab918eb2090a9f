import { TextField } from '@rec/ui';
import { useEffect, useRef } from 'react';
import { HexAlphaColorPicker } from 'react-colorful';
import { useT } from '../../i18n';

export interface DashboardLook {
  name: string;
  color: string;
}

/**
 * Spec §2 upsert editor: a colour picker in hexa mode with its inputs hidden (react-colorful's
 * hex-and-alpha picker has no text inputs; its saturation, hue and alpha are keyboard sliders)
 * and a name field; every change emits name and colour.
 */
export function UpsertEditor({ value, onChange, nameError }: { value: DashboardLook; onChange: (next: DashboardLook) => void; nameError?: string | null }) {
  const t = useT();
  const picker = useRef<HTMLDivElement | null>(null);
  // react-colorful names its sliders in English (Color, Hue, Alpha): give them the page language's names.
  useEffect(() => {
    const names = [t('analytics.editor.saturation'), t('analytics.editor.hue'), t('analytics.editor.alpha')];
    picker.current?.querySelectorAll('[role="slider"]').forEach((slider, i) => {
      const name = names[i];
      if (name) slider.setAttribute('aria-label', name);
    });
  }, [t]);
  return (
    <div className="analytics-upsert">
      <TextField
        label={t('analytics.editor.name')}
        value={value.name}
        maxLength={80}
        required
        error={nameError}
        onChange={(event) => onChange({ ...value, name: event.currentTarget.value })}
        data-autofocus=""
      />
      <fieldset className="rec-fieldset">
        <legend>{t('analytics.editor.color')}</legend>
        <div ref={picker}>
          <HexAlphaColorPicker color={value.color} onChange={(color) => onChange({ ...value, color: hexa(color) })} />
        </div>
        <p className="rec-field-hint">
          <span className="analytics-swatch" style={{ background: value.color }} aria-hidden="true" /> {t('analytics.editor.colorValue', { color: value.color })}
        </p>
      </fieldset>
    </div>
  );
}

/** A hexa colour (#RRGGBBAA) for the picker: six-digit colours get full opacity. */
export function hexa(color: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(color) ? `${color}FF`.toUpperCase() : color.toUpperCase();
}
