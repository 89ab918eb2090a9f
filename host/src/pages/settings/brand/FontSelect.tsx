import { BRAND_FONTS, type BrandFont } from '@rec/core';
import { useT } from '../../../i18n';

/** The safe font stacks by their translated names (the brand editor and the preview panel); the caller labels it. */
export function FontSelect({ id, value, onChange }: { id?: string; value: BrandFont; onChange: (font: BrandFont) => void }) {
  const t = useT();
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value as BrandFont)}>
      {BRAND_FONTS.map((font) => (
        <option key={font} value={font}>
          {t(`brandEditor.fonts.${font}`)}
        </option>
      ))}
    </select>
  );
}
