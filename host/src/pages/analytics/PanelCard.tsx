import type { Panel, PanelResult } from '@rec/core/insights';
import { Button } from '@rec/ui';
import { useId, useMemo, useState } from 'react';
import { useT } from '../../i18n';
import { axisLabel, formatValue, panelTitle, rowLabel } from './panel-labels';
import { PanelChart } from './PanelChart';

/**
 * One panel: its title, then a number (KPI), a table (TABLE) or a chart with a "show as table"
 * toggle, so a screen reader (or anyone) can read the exact numbers.
 */
export function PanelCard({ panel, result, color, locale }: { panel: Panel; result: PanelResult | undefined; color: string; locale: string }) {
  const t = useT();
  const id = useId();
  const [asTable, setAsTable] = useState(panel.type === 'TABLE');
  const title = panelTitle(panel, t);
  const labels = useMemo(() => (result ? result.rows.map((row) => rowLabel(row, panel.type === 'FUNNEL' ? 'STAGE' : panel.dimension, t, locale)) : []), [result, panel, t, locale]);
  // Kept between renders: a new array would redraw the chart.
  const axis = useMemo(() => (result ? result.rows.map((row, i) => axisLabel(row, panel.dimension, labels[i] ?? row.key)) : []), [result, panel, labels]);

  let body = <p className="rec-field-hint">{t('analytics.loading')}</p>;
  if (result && (panel.type === 'KPI' || !panel.dimension)) {
    body = (
      <p className="analytics-kpi" data-testid={`kpi-${panel.id}`}>
        {formatValue(result.total, result.unit, locale, t)}
      </p>
    );
  } else if (result && result.rows.length === 0) {
    body = <p>{t('analytics.noData')}</p>;
  } else if (result) {
    const values = result.rows.map((row) => formatValue(row.value, result.unit, locale, t));
    const summary = t('analytics.chartSummary', { title, values: labels.map((label, i) => `${label}: ${values[i]}`).join('; ') });
    body = asTable ? (
      <table className="analytics-table" aria-labelledby={`${id}-title`}>
        <thead>
          <tr>
            <th scope="col">{panel.type === 'FUNNEL' ? t('analytics.dimensions.STAGE') : t(`analytics.dimensions.${panel.dimension}`)}</th>
            <th scope="col">{t(`analytics.metrics.${panel.metric}`)}</th>
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row, i) => (
            <tr key={row.key}>
              <th scope="row">{labels[i]}</th>
              <td className="analytics-number">{values[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ) : (
      <PanelChart
        panel={panel}
        result={result}
        labels={axis}
        color={color}
        summary={summary}
        locale={locale}
      />
    );
  }

  return (
    <li className="analytics-panel" data-panel-id={panel.id} aria-labelledby={`${id}-title`}>
      <div className="analytics-panel-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {result && panel.type !== 'KPI' && panel.type !== 'TABLE' && panel.dimension && result.rows.length > 0 ? (
          <Button variant="link" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
            {t('analytics.showAsTable')}
          </Button>
        ) : null}
      </div>
      {body}
    </li>
  );
}
