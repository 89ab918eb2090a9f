import { BRAND_COLOR_KEYS, BRAND_COLOR_PROPERTIES, DEFAULT_BRAND_COLORS } from '@rec/core';
import { Button, ErrorMessage, Loading, MenuButton, Toaster } from '@rec/ui';
import { PreviewGroup, Specimen } from './PreviewFrame';
import type { PreviewProps } from './preview-props';
import { ShadowPreview } from './ShadowPreview';

const ROW = { display: 'flex', flexWrap: 'wrap', gap: '1.5rem', alignItems: 'center' } as const;
// A square of the colour, beside its name: text never sits on the brand colour, so any brand stays readable here.
const CHIP = { width: '2.5rem', height: '2.5rem', flex: 'none', borderRadius: 'var(--rec-radius, 8px)', border: '1px solid var(--rec-color-border, #d5dae3)' } as const;

/**
 * ICONS_AND_BACKGROUNDS: the few graphics we draw (the spinner, the menu caret, the close cross
 * of toasts and dialogs) as the real components show them, and the brand's colours with the
 * surfaces they paint: page background, surface (secondary buttons, inputs, cards), the error block's surface.
 */
export function IconsAndBackgroundsPreview({ t, brand }: PreviewProps) {
  const colors = { ...DEFAULT_BRAND_COLORS, ...brand.colors };
  return (
    <>
      <PreviewGroup title={t('brandingPreview.groups.icons')} note={t('brandingPreview.notes.icons')}>
        <div style={ROW}>
          <Specimen label={t('brandingPreview.states.spinner')}>
            <ShadowPreview label="spinner">
              <Loading label={t('common.loading')} />
            </ShadowPreview>
          </Specimen>
          <Specimen label={t('brandingPreview.states.caret')}>
            <ShadowPreview styles="back-office" label="caret">
              <MenuButton label={t('brandingPreview.sample.buttons.actions')} items={[{ id: 'edit', label: t('brandingPreview.sample.buttons.edit'), onSelect: () => undefined }]} />
            </ShadowPreview>
          </Specimen>
          <Specimen label={t('brandingPreview.states.close')}>
            <ShadowPreview styles="back-office" label="close">
              <Toaster toasts={[{ id: 1, tone: 'success', title: 'brandingPreview.sample.toasts.saved' }]} onClose={() => undefined} t={t} closeLabel={t('toasts.close')} />
            </ShadowPreview>
          </Specimen>
        </div>
      </PreviewGroup>
      <PreviewGroup title={t('brandingPreview.groups.colors')} note={t('brandingPreview.notes.colors')}>
        <ul className="bp-swatch-list">
          {BRAND_COLOR_KEYS.map((key) => (
            <li key={key} style={{ display: 'flex', gap: '0.75rem', alignItems: 'center' }}>
              <span aria-hidden="true" style={{ ...CHIP, background: `var(${BRAND_COLOR_PROPERTIES[key]}, ${DEFAULT_BRAND_COLORS[key]})` }} />
              <span>
                {t(`brandEditor.colors.${key}`)}
                <br />
                <code>{colors[key]}</code>
              </span>
            </li>
          ))}
        </ul>
      </PreviewGroup>
      <PreviewGroup title={t('brandingPreview.groups.surfaces')} note={t('brandingPreview.notes.surfaces')}>
        <ShadowPreview label="surfaces">
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(18rem, 1fr))', gap: '1.5rem', alignItems: 'start' }}>
            <Specimen label={t('brandingPreview.states.surface')}>
              <Button variant="secondary">{t('brandingPreview.sample.buttons.save')}</Button>
            </Specimen>
            <Specimen label={t('brandingPreview.states.errorSurface')}>
              <ErrorMessage title={t('genericErrorTitle')} message={t('genericErrorMessage')} />
            </Specimen>
          </div>
        </ShadowPreview>
      </PreviewGroup>
    </>
  );
}
