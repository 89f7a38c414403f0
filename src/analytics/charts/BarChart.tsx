import { max, min, scaleBand, scaleLinear } from 'd3';

export interface ChartBar {
  key: string;
  label: string;
  value: number;
  /** What a reader hears and sees on hover: the label and the formatted value. */
  title: string;
}

const WIDTH = 640;
const ROW = 26;
const MARGIN = { top: 8, right: 96, bottom: 8, left: 180 };
/** Beyond this many bars the table carries the rest. */
const MOST_BARS = 15;

/** Horizontal bars, largest first, with the value written at the end of each bar. */
export function BarChart({
  bars,
  label,
  valueText,
}: {
  bars: readonly ChartBar[];
  label: string;
  valueText: (value: number) => string;
}) {
  const shown = bars.slice(0, MOST_BARS);
  const height = MARGIN.top + MARGIN.bottom + ROW * shown.length;
  const low = Math.min(0, min(shown, (bar) => bar.value) ?? 0);
  const high = Math.max(0, max(shown, (bar) => bar.value) ?? 0, low === 0 ? 1 : 0);
  const x = scaleLinear()
    .domain([low, high])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleBand()
    .domain(shown.map((bar) => bar.key))
    .range([MARGIN.top, height - MARGIN.bottom])
    .padding(0.2);
  return (
    <svg
      className="analytics-chart"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
    >
      {shown.map((bar) => {
        const top = y(bar.key) ?? 0;
        const start = x(Math.min(0, bar.value));
        const end = x(Math.max(0, bar.value));
        return (
          <g key={bar.key} data-testid="chart-bar">
            <title>{bar.title}</title>
            <text x={MARGIN.left - 8} y={top + y.bandwidth() / 2} dy="0.35em" textAnchor="end">
              {bar.label.length > 26 ? `${bar.label.slice(0, 25)}…` : bar.label}
            </text>
            <rect
              className={bar.value < 0 ? 'analytics-bar analytics-bar-negative' : 'analytics-bar'}
              x={start}
              y={top}
              width={Math.max(1, end - start)}
              height={y.bandwidth()}
            />
            <text x={end + 6} y={top + y.bandwidth() / 2} dy="0.35em">
              {valueText(bar.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
