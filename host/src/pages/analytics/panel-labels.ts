import type { Dimension, Panel, PanelResult, PanelResultRow } from '@rec/core/insights';
import type { Translate } from '@rec/i18n';
import { formatDate, languageName } from '../openings/shared';

/** A panel's heading: its own title, else what it counts (and by what). */
export function panelTitle(panel: Panel, t: Translate): string {
  if (panel.title) return panel.title;
  const metric = t(`analytics.metrics.${panel.metric}`);
  const stage = panel.stage && panel.type !== 'FUNNEL' ? ` · ${t(`analytics.stages.${panel.stage}`)}` : '';
  if (panel.type === 'FUNNEL') return t('analytics.funnelTitle');
  // The source mix is by source by definition: no "by source" after it.
  if (!panel.dimension || panel.type === 'KPI' || panel.metric === 'SOURCE_MIX') return `${metric}${stage}`;
  return t('analytics.byDimension', { metric: `${metric}${stage}`, dimension: t(`analytics.dimensions.${panel.dimension}`) });
}

/** The label of one row: a stage, a source, a language, an opening's title or a week's Monday (DD/MM/YYYY). */
export function rowLabel(row: PanelResultRow, dimension: Dimension | undefined, t: Translate, locale: string): string {
  switch (dimension) {
    case 'STAGE':
      return t(`analytics.stages.${row.key}`);
    case 'SOURCE':
      return t(`analytics.sources.${row.key}`);
    case 'LANGUAGE':
      return languageName(row.key, locale);
    case 'OPENING':
      return row.label ?? row.key;
    case 'WEEK':
      return t('analytics.weekOf', { date: formatDate(`${row.key}T12:00:00Z`) });
    case 'CAMPAIGN':
      return row.key || t('sources.none');
    default:
      return row.key;
  }
}

/** A chart's axis label: a week as its Monday's DD/MM (the long label stays in the table and the summary). */
export function axisLabel(row: PanelResultRow, dimension: Dimension | undefined, long: string): string {
  return dimension === 'WEEK' ? `${row.key.slice(8, 10)}/${row.key.slice(5, 7)}` : long;
}

/** A number as the page language writes it; durations in days with the language's own unit words (Intl). */
export function formatValue(value: number | null, unit: PanelResult['unit'], locale: string, t: Translate): string {
  if (value === null) return t('analytics.noValue');
  if (unit === 'days') return new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long', maximumFractionDigits: 1 }).format(value);
  return new Intl.NumberFormat(locale).format(value);
}
