import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LabelDashboard, Ranked } from '../../api/dashboard';
import { formatDate } from '../format/formatters';
import { paymentStatusLabel } from '../payments/labels';
import { Money } from '../widgets/Money';
import { currenciesOf, totalOf } from './figures';
import { PeriodChart } from './PeriodChart';
import { useRouteAccess } from './useRouteAccess';
import { useStatementUploader } from '../distributors/labelAccountLoad';

/** Top products or artists, each with its revenue over the timeframe. */
function RankedList({ title, rows, path }: { title: string; rows: Ranked[]; path: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="card dashboard-card" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="page-note">{t('dashboard.label.no-revenue')}</p>
      ) : (
        <ol className="dashboard-ranked">
          {rows.map((row) => (
            <li key={`${row.id}-${row.currency}`}>
              {path ? (
                <Link to={`${path}/${encodeURIComponent(row.id)}`}>{row.name}</Link>
              ) : (
                row.name
              )}
              <Money amount={row.revenue} currency={row.currency} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The label's (or, for staff, every label's) dashboard. */
export function LabelDashboardView({ board }: { board: LabelDashboard }) {
  const { t } = useTranslation();
  const may = useRouteAccess();
  // Reading imports (an overseer's import:ro) opens the page, but only uploaders can import.
  const { canManage: uploads } = useStatementUploader();
  if (board.statementCount === 0) {
    return (
      <section className="card dashboard-empty" data-testid="dashboard-empty">
        <h2>{t('dashboard.label.empty-title')}</h2>
        <p>{t('dashboard.label.empty-text')}</p>
        {may('import') && uploads && (
          <Link className="button button-primary" to="/import">
            {t('dashboard.label.import')}
          </Link>
        )}
      </section>
    );
  }
  const currencies = currenciesOf(board.months);
  const series = [
    { label: t('dashboard.label.revenue'), className: 'dashboard-bar-primary' },
    { label: t('dashboard.label.payouts'), className: 'dashboard-bar-secondary' },
  ];
  return (
    <>
      <div className="dashboard-tiles">
        {currencies.map((currency) => (
          <div className="card dashboard-tile" key={currency} data-testid="revenue-tile">
            <span className="dashboard-tile-label">{t('dashboard.label.revenue')}</span>
            <strong>
              <Money
                amount={totalOf(board.months, currency, (row) => row.revenue)}
                currency={currency}
              />
            </strong>
            {/* Not approved yet: apart, so the figure above is the one analytics shows. */}
            <span className="dashboard-tile-label">{t('dashboard.label.pending')}</span>
            <span data-testid="pending-revenue">
              <Money
                amount={totalOf(board.months, currency, (row) => row.pending)}
                currency={currency}
              />
            </span>
            <span className="dashboard-tile-label">{t('dashboard.label.payouts')}</span>
            <Money
              amount={totalOf(board.months, currency, (row) => row.payouts)}
              currency={currency}
            />
          </div>
        ))}
        <div className="card dashboard-tile" data-testid="attention-tile">
          <span className="dashboard-tile-label">{t('dashboard.label.needs-attention')}</span>
          <strong>{board.needsAttention}</strong>
          {board.needsAttention > 0 && may('statements') && (
            <Link to="/statements?status=needs-attention">
              {t('dashboard.label.open-attention')}
            </Link>
          )}
        </div>
      </div>

      <section className="card dashboard-card" aria-label={t('dashboard.label.chart-title')}>
        <h2>{t('dashboard.label.chart-title')}</h2>
        {currencies.length === 0 ? (
          <p className="page-note">{t('dashboard.common.none-in-timeframe')}</p>
        ) : (
          currencies.map((currency) => (
            <PeriodChart
              key={currency}
              title={t('dashboard.label.chart-title')}
              currency={currency}
              series={series}
              rows={board.months
                .filter((row) => row.currency === currency)
                .map((row) => ({ month: row.month, values: [row.revenue, row.payouts] }))}
            />
          ))
        )}
      </section>

      <div className="dashboard-columns">
        <section className="card dashboard-card" aria-label={t('dashboard.label.awaiting-funds')}>
          <h2>{t('dashboard.label.awaiting-funds')}</h2>
          {board.awaitingFunds.length === 0 ? (
            <p className="page-note">{t('dashboard.label.no-awaiting-funds')}</p>
          ) : (
            <table className="dashboard-table">
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.label.statement')}</th>
                  <th scope="col">{t('dashboard.chart.period')}</th>
                  <th scope="col" className="numeric">
                    {t('dashboard.label.expected')}
                  </th>
                  <th scope="col" className="numeric">
                    {t('dashboard.label.received')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {board.awaitingFunds.map((row) => (
                  <tr key={row.id}>
                    <td>
                      {may('statement') ? (
                        <Link to={`/statements/${encodeURIComponent(row.id)}`}>{row.title}</Link>
                      ) : (
                        row.title
                      )}
                    </td>
                    <td>{row.period}</td>
                    <td className="numeric">
                      {row.expected === null ? (
                        '—'
                      ) : (
                        <Money amount={row.expected} currency={row.currency} />
                      )}
                    </td>
                    <td className="numeric">
                      {row.received === null ? (
                        '—'
                      ) : (
                        <Money amount={row.received} currency={row.currency} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="card dashboard-card" aria-label={t('dashboard.label.next-payments')}>
          <h2>{t('dashboard.label.next-payments')}</h2>
          {board.nextPayments.length === 0 ? (
            <p className="page-note">{t('dashboard.label.no-next-payments')}</p>
          ) : (
            <table className="dashboard-table">
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.label.payee')}</th>
                  <th scope="col">{t('dashboard.label.statement')}</th>
                  <th scope="col">{t('dashboard.label.status')}</th>
                  <th scope="col" className="numeric">
                    {t('dashboard.label.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {board.nextPayments.map((row) => (
                  <tr key={row.id}>
                    <td>
                      {may('payment') ? (
                        <Link to={`/payments/${encodeURIComponent(row.id)}`}>{row.payee}</Link>
                      ) : (
                        row.payee
                      )}
                    </td>
                    <td>{row.statementTitle}</td>
                    <td title={formatDate(row.createdAt)}>{paymentStatusLabel(t, row.status)}</td>
                    <td className="numeric">
                      <Money amount={row.amount} currency={row.currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>

      <div className="dashboard-columns">
        <RankedList
          title={t('dashboard.label.top-products')}
          rows={board.topProducts}
          path={may('product') ? '/products' : null}
        />
        <RankedList
          title={t('dashboard.label.top-artists')}
          rows={board.topArtists}
          path={may('artist') ? '/artists' : null}
        />
      </div>
    </>
  );
}
