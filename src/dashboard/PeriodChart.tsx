import { useTranslation } from 'react-i18next';
import { formatMoney } from '../format/formatters';
import { lazyComponent } from '../widgets/lazyComponent';
import { Money } from '../widgets/Money';
import { CHART_HEIGHT, CHART_WIDTH, type PeriodChartProps } from './periodChartTypes';

// The bars and their scales (d3) load once the dashboard's figures are drawn: the legend and the
// table below show every amount meanwhile, and an empty drawing of the same size keeps its place.
const PeriodBars = lazyComponent(() => import('./PeriodBars').then((m) => m.PeriodBars), {
  fallback: <svg aria-hidden="true" viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} width="100%" />,
  texts: () => Promise.resolve(),
});

/**
 * Bars per statement period, one per series, and the same figures as a table below, so every
 * amount can be read exactly (and by a screen reader) whatever the drawing shows.
 */
export function PeriodChart({ title, currency, series, rows }: PeriodChartProps) {
  const { t, i18n } = useTranslation();
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
      <PeriodBars label={`${title}: ${summary}`} money={money} series={series} rows={rows} />
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
