import { max, min, scaleBand, scaleLinear } from 'd3';
import type { ChartBar } from './BarChart';
import { ValueGrid } from '../../widgets/ValueGrid';

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 72 };

/** One column per month of sale, the axis in short amounts. */
export function MonthChart({
  months,
  label,
  valueText,
}: {
  months: readonly ChartBar[];
  label: string;
  valueText: (value: number) => string;
}) {
  const low = Math.min(0, min(months, (month) => month.value) ?? 0);
  const high = Math.max(max(months, (month) => month.value) ?? 0, low === 0 ? 1 : 0);
  const x = scaleBand()
    .domain(months.map((month) => month.key))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.25);
  const y = scaleLinear()
    .domain([low, high])
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
    .nice();
  // Every label fits up to 12 months; beyond that every other one.
  const labelEvery = months.length > 12 ? 2 : 1;
  return (
    <svg
      className="analytics-chart"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
    >
      <ValueGrid
        y={y}
        left={MARGIN.left}
        right={WIDTH - MARGIN.right}
        className="analytics-grid"
        text={valueText}
      />
      {months.map((month, index) => {
        const left = x(month.key) ?? 0;
        const top = y(Math.max(0, month.value));
        const bottom = y(Math.min(0, month.value));
        return (
          <g key={month.key} data-testid="chart-bar">
            <title>{month.title}</title>
            <rect
              className={month.value < 0 ? 'analytics-bar analytics-bar-negative' : 'analytics-bar'}
              x={left}
              y={top}
              width={x.bandwidth()}
              height={Math.max(1, bottom - top)}
            />
            {index % labelEvery === 0 && (
              <text x={left + x.bandwidth() / 2} y={HEIGHT - 8} textAnchor="middle">
                {month.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
