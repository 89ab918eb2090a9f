import type { Panel, PanelResult } from '@rec/core/insights';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the pieces the panels draw (bars, lines, two scales, tooltips): chart.js tree-shakes the rest away.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip);

export interface PanelChartProps {
  panel: Panel;
  result: PanelResult;
  labels: string[];
  /** The dashboard's colour (#RRGGBB or #RRGGBBAA). */
  color: string;
  /** What the chart shows, said in words (the canvas is an image to assistive technology). */
  summary: string;
  locale: string;
}

/** Full opacity: a nearly transparent dashboard colour must not make the bars invisible. */
function solid(color: string): string {
  return color.length === 9 ? color.slice(0, 7) : color;
}

/**
 * One panel drawn with chart.js on a canvas: a line for time series, horizontal bars for the
 * funnel, bars for breakdowns. The canvas is `role="img"` named by `summary`; the panel's
 * "show as table" toggle gives the same numbers as a real table.
 */
export function PanelChart({ panel, result, labels, color, summary, locale }: PanelChartProps) {
  const canvas = useRef<HTMLCanvasElement | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const line = panel.type === 'TIME_SERIES';
    const chart = new Chart(canvas.current, {
      type: line ? 'line' : 'bar',
      data: {
        labels,
        datasets: [
          {
            data: result.rows.map((row) => row.value),
            backgroundColor: solid(color),
            borderColor: solid(color),
            borderWidth: line ? 2 : 0,
            pointRadius: line ? 2 : 0,
          },
        ],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        indexAxis: panel.type === 'FUNNEL' ? 'y' : 'x',
        locale,
        plugins: { tooltip: { enabled: true } },
        scales: { x: { beginAtZero: true, ticks: { precision: 0 } }, y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    return () => chart.destroy();
  }, [panel.type, result, labels, color, locale]);

  return (
    <div className="analytics-chart">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
