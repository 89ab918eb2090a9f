import {
  DIMENSIONS,
  MAX_PANELS,
  type Metric,
  normalizePanel,
  PANEL_SHAPES,
  PANEL_TYPES,
  type Panel,
  type PanelType,
  PIPELINE_STAGES,
  STAGE_METRICS,
  type Stage,
} from '@rec/core/insights';
import { Button, Dialog } from '@rec/ui';
import { useState } from 'react';
import { useT } from '../../i18n';
import { SelectField } from '../openings/shared';
import { panelTitle } from './panel-labels';

let counter = 0;
/** A new panel id, unique within the dashboard. */
function newPanelId(panels: readonly Panel[]): string {
  let id: string;
  do {
    counter += 1;
    id = `p${Date.now().toString(36)}${counter}`;
  } while (panels.some((panel) => panel.id === id));
  return id;
}

/** Spec issue 14 panel editor: add, remove and reorder panels; choose each one's type, metric, dimension and stage. */
export function PanelEditor({ panels, busy, onSave, onClose }: { panels: Panel[]; busy: boolean; onSave: (panels: Panel[]) => void; onClose: () => void }) {
  const t = useT();
  const [draft, setDraft] = useState<Panel[]>(panels);

  const change = (index: number, patch: Partial<Panel>) =>
    setDraft((current) => current.map((panel, i) => (i === index ? normalizePanel({ ...panel, ...patch }) : panel)));
  const move = (index: number, by: number) =>
    setDraft((current) => {
      const next = [...current];
      const [panel] = next.splice(index, 1);
      if (panel) next.splice(index + by, 0, panel);
      return next;
    });
  const add = () => setDraft((current) => [...current, normalizePanel({ id: newPanelId(current), type: 'KPI', metric: 'APPLICATIONS' } as Panel)]);

  return (
    <Dialog
      open
      title={t('analytics.panels.title')}
      onClose={onClose}
      closeLabel={t('analytics.close')}
      busy={busy}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('analytics.cancel')}
          </Button>
          <Button onClick={() => onSave(draft)} busy={busy}>
            {t('analytics.save')}
          </Button>
        </>
      }
    >
      <div className="analytics-panel-editor">
        {draft.length === 0 ? <p>{t('analytics.panels.none')}</p> : null}
        <ol>
          {draft.map((panel, index) => {
            const shape = PANEL_SHAPES[panel.type];
            const title = panelTitle(panel, t);
            return (
              <li key={panel.id} aria-label={t('analytics.panels.item', { n: index + 1, title })}>
                <SelectField
                  label={t('analytics.panels.type')}
                  value={panel.type}
                  options={PANEL_TYPES.map((type) => ({ value: type, label: t(`analytics.types.${type}`) }))}
                  onChange={(event) => change(index, { type: event.currentTarget.value as PanelType })}
                />
                {shape.metrics.length > 1 ? (
                  <SelectField
                    label={t('analytics.panels.metric')}
                    value={panel.metric}
                    options={shape.metrics.map((metric) => ({ value: metric, label: t(`analytics.metrics.${metric}`) }))}
                    onChange={(event) => change(index, { metric: event.currentTarget.value as Metric })}
                  />
                ) : null}
                {shape.dimensions.length > 1 && panel.metric !== 'SOURCE_MIX' ? (
                  <SelectField
                    label={t('analytics.panels.dimension')}
                    value={panel.dimension ?? ''}
                    options={DIMENSIONS.filter((dimension) => shape.dimensions.includes(dimension)).map((dimension) => ({ value: dimension, label: t(`analytics.dimensions.${dimension}`) }))}
                    onChange={(event) => change(index, { dimension: event.currentTarget.value as Panel['dimension'] })}
                  />
                ) : null}
                {panel.type !== 'FUNNEL' && STAGE_METRICS.includes(panel.metric) ? (
                  <SelectField
                    label={t('analytics.panels.stage')}
                    value={panel.stage ?? 'INTERVIEW'}
                    options={PIPELINE_STAGES.map((stage) => ({ value: stage, label: t(`analytics.stages.${stage}`) }))}
                    onChange={(event) => change(index, { stage: event.currentTarget.value as Stage })}
                  />
                ) : null}
                <Button variant="secondary" onClick={() => move(index, -1)} disabled={index === 0} aria-label={t('analytics.panels.moveUp', { title })}>
                  ↑
                </Button>
                <Button variant="secondary" onClick={() => move(index, 1)} disabled={index === draft.length - 1} aria-label={t('analytics.panels.moveDown', { title })}>
                  ↓
                </Button>
                <Button variant="secondary" onClick={() => setDraft((current) => current.filter((_, i) => i !== index))} aria-label={t('analytics.panels.remove', { title })}>
                  {t('analytics.panels.removeShort')}
                </Button>
              </li>
            );
          })}
        </ol>
        <Button variant="secondary" onClick={add} disabled={draft.length >= MAX_PANELS}>
          {t('analytics.panels.add')}
        </Button>
      </div>
    </Dialog>
  );
}
