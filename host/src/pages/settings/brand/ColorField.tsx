import { useId } from 'react';
import { useT } from '../../../i18n';

/**
 * One brand colour: the browser's own colour input and a hex text field side by side.
 * Native `<input type="color">` rather than react-colorful: seven inline pickers would fill a phone
 * screen, react-colorful names its sliders in English (we would relabel them through the DOM),
 * while the native input is one compact, labelled control whose picker each browser makes
 * keyboard-operable; the text field is the exact path for typing or pasting a brand's code.
 */
export function ColorField({
  label,
  text,
  color,
  invalid,
  onText,
}: {
  label: string;
  /** What the text field holds, as typed. */
  text: string;
  /** The last valid colour (what the swatch shows while the text is half typed). */
  color: string;
  invalid: boolean;
  onText: (text: string) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="brand-color">
      <label htmlFor={`${id}-hex`} className="brand-color-label">
        {label}
      </label>
      <input type="color" className="brand-color-swatch" value={color} aria-label={t('brandEditor.pickerOf', { name: label })} onChange={(event) => onText(event.currentTarget.value)} />
      <input
        id={`${id}-hex`}
        className="brand-color-hex"
        value={text}
        spellCheck={false}
        autoComplete="off"
        maxLength={7}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => onText(event.currentTarget.value)}
      />
      {invalid ? (
        <p id={`${id}-error`} className="settings-error brand-color-error">
          {t('brandEditor.hexError')}
        </p>
      ) : null}
    </div>
  );
}
