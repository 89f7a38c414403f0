import { scaleBand, scaleLinear } from 'd3';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../format/formatters';
import type { ChartBar } from './results';

const WIDTH = 640;
const NAME_WIDTH = 160;
const AMOUNT_WIDTH = 110;
const BAR_HEIGHT = 28;

/** Chart view: a horizontal bar per payee; lengths from d3 scales, amounts written exactly. */
export function PayoutChart({ bars, currency }: { bars: readonly ChartBar[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const height = Math.max(1, bars.length) * BAR_HEIGHT + 8;
  const longest = Math.max(0, ...bars.map((bar) => bar.length));
  const x = scaleLinear()
    .domain([0, longest || 1])
    .range([0, WIDTH - NAME_WIDTH - AMOUNT_WIDTH]);
  const y = scaleBand()
    .domain(bars.map((bar) => bar.id))
    .range([4, height - 4])
    .padding(0.2);
  return (
    <svg
      className="payout-chart"
      role="img"
      aria-label={t('statements.views.chart-label')}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
    >
      {bars.map((bar) => {
        const top = y(bar.id) ?? 0;
        const amount = formatMoney(bar.payout, currency, i18n.language);
        return (
          <g key={bar.id} data-testid="chart-bar">
            <title>{`${bar.name}: ${amount}`}</title>
            <text x={NAME_WIDTH - 8} y={top + y.bandwidth() / 2} dy="0.35em" textAnchor="end">
              {bar.name}
            </text>
            <rect
              x={NAME_WIDTH}
              y={top}
              width={Math.max(1, x(bar.length))}
              height={y.bandwidth()}
              className="payout-bar"
            />
            <text
              x={NAME_WIDTH + Math.max(1, x(bar.length)) + 6}
              y={top + y.bandwidth() / 2}
              dy="0.35em"
            >
              {amount}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
