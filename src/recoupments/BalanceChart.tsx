import { extent, line, scaleLinear, scalePoint } from 'd3';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../format/formatters';
import type { BalancePoint } from './balances';

const WIDTH = 640;
const HEIGHT = 200;
const MARGIN = { top: 16, right: 24, bottom: 28, left: 88 };
const START = 'start-balance';

interface Props {
  /** The balance before the first statement: amount less prepaid. */
  start: string;
  points: readonly BalancePoint[];
  currency: string;
}

/** The remaining balance after each statement, as a line; its title reads the same as a table. */
export function BalanceChart({ start, points, currency }: Props) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency, i18n.language);
  const series = [
    { id: START, label: t('recoupments.chart.start'), remaining: start },
    ...points.map((point) => ({
      id: point.statementId,
      label: point.period,
      remaining: point.remaining,
    })),
  ];
  const x = scalePoint()
    .domain(series.map((point) => point.id))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.1);
  const [low = 0, high = 0] = extent(series, (point) => Number(point.remaining));
  const y = scaleLinear()
    .domain([Math.min(0, low), Math.max(high, 1)])
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
    .nice();
  const path = line<(typeof series)[number]>()
    .x((point) => x(point.id) ?? 0)
    .y((point) => y(Number(point.remaining)))(series);
  const description = series.map((point) => `${point.label}: ${money(point.remaining)}`).join('; ');

  return (
    <svg
      className="recoup-chart"
      role="img"
      aria-label={t('recoupments.chart.label')}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
    >
      <title>{description}</title>
      {y.ticks(4).map((tick) => (
        <text key={tick} x={MARGIN.left - 8} y={y(tick)} dy="0.35em" textAnchor="end">
          {money(String(tick))}
        </text>
      ))}
      {path && <path className="recoup-chart-line" d={path} />}
      {series.map((point) => (
        <g key={point.id} data-testid="balance-point">
          <title>{`${point.label}: ${money(point.remaining)}`}</title>
          <circle
            className="recoup-chart-point"
            cx={x(point.id)}
            cy={y(Number(point.remaining))}
            r={4}
          />
          <text x={x(point.id)} y={HEIGHT - 8} textAnchor="middle">
            {point.label}
          </text>
        </g>
      ))}
    </svg>
  );
}
