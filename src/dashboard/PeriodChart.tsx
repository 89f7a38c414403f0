import { scaleBand, scaleLinear } from 'd3';
import { useTranslation } from 'react-i18next';
import { abbreviateNumber, formatMoney } from '../format/formatters';
import { Money } from '../widgets/Money';

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 16, right: 16, bottom: 28, left: 56 };

export interface ChartSeries {
  /** The translated name of the series, shown in the legend and the table's header. */
  label: string;
  className: string;
}

export interface ChartRow {
  month: string;
  /** One exact amount per series, in the series' order. */
  values: readonly string[];
}

interface Props {
  /** What the chart shows, read by screen readers with each bar's value. */
  title: string;
  currency: string;
  series: readonly ChartSeries[];
  rows: readonly ChartRow[];
}

/** Axis ticks in K, M, B, negatives in parentheses (SPEC section 9). */
const tickText = (value: number) =>
  value < 0 ? `(${abbreviateNumber(-value)})` : abbreviateNumber(value);

/**
 * Bars per statement period, one per series, and the same figures as a table below, so every
 * amount can be read exactly (and by a screen reader) whatever the drawing shows.
 */
export function PeriodChart({ title, currency, series, rows }: Props) {
  const { t, i18n } = useTranslation();
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
  const money = (amount: string) => formatMoney(amount, currency, i18n.language);
  const summary = rows
    .map(
      (row) =>
        `${row.month}: ${series.map((item, index) => `${item.label} ${money(row.values[index] ?? '0')}`).join(', ')}`,
    )
    .join('; ');

  return (
    <figure className="dashboard-chart">
      <ul className="dashboard-legend" aria-hidden="true">
        {series.map((item) => (
          <li key={item.label}>
            <span className={`dashboard-swatch ${item.className}`} />
            {item.label}
          </li>
        ))}
      </ul>
      <svg
        role="img"
        aria-label={`${title}: ${summary}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
      >
        {y.ticks(4).map((tick) => (
          <g key={tick}>
            <line
              className="dashboard-grid"
              x1={MARGIN.left}
              x2={WIDTH - MARGIN.right}
              y1={y(tick)}
              y2={y(tick)}
            />
            <text x={MARGIN.left - 8} y={y(tick)} dy="0.35em" textAnchor="end">
              {tickText(tick)}
            </text>
          </g>
        ))}
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
      <table className="dashboard-table">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.chart.period')}</th>
            {series.map((item) => (
              <th scope="col" key={item.label} className="numeric">
                {item.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.month}>
              <th scope="row">{row.month}</th>
              {series.map((item, index) => (
                <td key={item.label} className="numeric">
                  <Money amount={row.values[index] ?? '0'} currency={currency} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
