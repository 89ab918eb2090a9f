import { ApplyChoice } from '../../../../../widgets/offer/src/Offer';
import { PreviewGroup, Specimen } from './PreviewFrame';
import type { PreviewProps } from './preview-props';
import { ShadowPreview } from './ShadowPreview';

const INDEED = 'https://apply.indeed.example/lumen-robotics';

/** APPLICATION_CARDS: how a candidate chooses to apply in an offer embedded with embedded="applyWithOptions" (with and without Indeed). */
export function ApplicationCardsPreview({ t, locale }: PreviewProps) {
  return (
    <PreviewGroup title={t('brandingPreview.groups.applyChoice')} note={t('brandingPreview.notes.applyChoice')}>
      <div style={{ display: 'grid', gap: '1.5rem' }}>
        <Specimen label={t('brandingPreview.states.withIndeed')}>
          <ShadowPreview label="choice-indeed">
            <div className="offer offer-applyWithOptions" lang={locale}>
              <ApplyChoice mode="applyWithOptions" t={t} indeedUrl={INDEED} onApply={() => undefined} />
            </div>
          </ShadowPreview>
        </Specimen>
        <Specimen label={t('brandingPreview.states.formOnly')}>
          <ShadowPreview label="choice-form">
            <div className="offer offer-applyWithOptions" lang={locale}>
              <ApplyChoice mode="applyWithOptions" t={t} onApply={() => undefined} />
            </div>
          </ShadowPreview>
        </Specimen>
      </div>
    </PreviewGroup>
  );
}
