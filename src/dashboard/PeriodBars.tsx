import { scaleBand, scaleLinear } from 'd3';
import { abbreviateNumber } from '../format/formatters';
import { ValueGrid } from '../widgets/ValueGrid';
import {
  CHART_HEIGHT as HEIGHT,
  CHART_WIDTH as WIDTH,
  type PeriodChartProps,
} from './periodChartTypes';

const MARGIN = { top: 16, right: 16, bottom: 28, left: 56 };

/** Axis ticks in K, M, B, negatives in parentheses (SPEC section 9). */
const tickText = (value: number) =>
  value < 0 ? `(${abbreviateNumber(-value)})` : abbreviateNumber(value);

/** The chart's drawing: bars per period, one per series, on an axis of abbreviated amounts. */
export function PeriodBars({
  label,
  money,
  series,
  rows,
}: Pick<PeriodChartProps, 'series' | 'rows'> & {
  /** What the drawing shows, every bar's value with it, for screen readers. */
  label: string;
  money: (amount: string) => string;
}) {
  const x = scaleBand()
    .domain(rows.map((row) => row.month))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.25);
  const inner = scaleBand()
    .domain(series.map((_, index) => String(index)))
    .range([0, x.bandwidth()])
    .padding(0.1);
  const numbers = rows.flatMap((row) => row.values.map(Number));
  const y = scaleLinear()
    .domain([Math.min(0, ...numbers), Math.max(1, ...numbers)])
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
    .nice();

  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%">
      <ValueGrid
        y={y}
        left={MARGIN.left}
        right={WIDTH - MARGIN.right}
        className="dashboard-grid"
        text={tickText}
      />
      {rows.map((row) => (
        <g key={row.month} transform={`translate(${x(row.month) ?? 0},0)`}>
          {series.map((item, index) => {
            const value = Number(row.values[index] ?? 0);
            const top = y(Math.max(0, value));
            return (
              <rect
                key={item.label}
                className={item.className}
                x={inner(String(index))}
                y={top}
                width={inner.bandwidth()}
                height={Math.abs(y(value) - y(0))}
              >
                <title>{`${row.month} ${item.label}: ${money(row.values[index] ?? '0')}`}</title>
              </rect>
            );
          })}
          <text x={x.bandwidth() / 2} y={HEIGHT - 8} textAnchor="middle">
            {row.month}
          </text>
        </g>
      ))}
    </svg>
  );
}
