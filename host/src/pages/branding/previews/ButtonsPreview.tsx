import { Button, type ButtonProps, MenuButton } from '@rec/ui';
import { PreviewGroup, Specimen } from './PreviewFrame';
import type { PreviewProps } from './preview-props';
import { ShadowPreview } from './ShadowPreview';

const ROW = { display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center' } as const;

/** One variant in its three states: normal, busy (its action runs), disabled. */
function States({ variant, className, label, t }: { variant: ButtonProps['variant']; className?: string; label: string; t: PreviewProps['t'] }) {
  return (
    <div style={ROW}>
      <Button variant={variant} className={className}>
        {label}
      </Button>
      <Button variant={variant} className={className} busy>
        {t('brandingPreview.states.buttonBusy', { label })}
      </Button>
      <Button variant={variant} className={className} disabled>
        {t('brandingPreview.states.buttonDisabled', { label })}
      </Button>
    </div>
  );
}

/**
 * BUTTONS: the shared Button in every variant and state. In the widgets (branded by --rec-*)
 * primary and secondary; the back-office adds the text/link and danger looks and the menu
 * button (the icon button we have: a caret).
 */
export function ButtonsPreview({ t }: PreviewProps) {
  const label = (key: string) => t(`brandingPreview.sample.buttons.${key}`);
  const variant = (key: string) => t(`brandingPreview.variants.${key}`);
  return (
    <>
      <PreviewGroup title={t('brandingPreview.groups.widgetButtons')} note={t('brandingPreview.notes.widgetButtons')}>
        <ShadowPreview label="widget-buttons">
          <div style={{ display: 'grid', gap: '1rem' }}>
            <Specimen label={variant('primary')}>
              <States variant="primary" label={label('apply')} t={t} />
            </Specimen>
            <Specimen label={variant('secondary')}>
              <States variant="secondary" label={label('save')} t={t} />
            </Specimen>
          </div>
        </ShadowPreview>
      </PreviewGroup>
      <PreviewGroup title={t('brandingPreview.groups.backOfficeButtons')} note={t('brandingPreview.notes.backOffice')}>
        <ShadowPreview styles="back-office" label="back-office-buttons">
          <div style={{ display: 'grid', gap: '1rem' }}>
            <Specimen label={variant('primary')}>
              <States variant="primary" label={label('save')} t={t} />
            </Specimen>
            <Specimen label={variant('secondary')}>
              <States variant="secondary" label={label('cancel')} t={t} />
            </Specimen>
            <Specimen label={variant('link')}>
              <States variant="link" label={label('details')} t={t} />
            </Specimen>
            <Specimen label={variant('danger')}>
              <States variant="primary" className="rec-button-danger" label={label('delete')} t={t} />
            </Specimen>
            <Specimen label={variant('icon')}>
              <MenuButton label={label('actions')} items={[{ id: 'edit', label: label('edit'), onSelect: () => undefined }]} />
            </Specimen>
          </div>
        </ShadowPreview>
      </PreviewGroup>
    </>
  );
}
