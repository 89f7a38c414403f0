import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PersonalDashboard } from '../../api/dashboard';
import { paymentStatusLabel } from '../payments/labels';
import { Money } from '../widgets/Money';
import { currenciesOf, totalOf } from './figures';
import { PeriodChart } from './PeriodChart';
import { PersonalTables } from './PersonalTables';
import { useRouteAccess } from './useRouteAccess';

/** A payee's, artist's, collaborator's or warranter's own dashboard (or the one staff chose). */
export function PersonalDashboardView({ board }: { board: PersonalDashboard }) {
  const { t } = useTranslation();
  const may = useRouteAccess();
  const currencies = currenciesOf(board.months);
  const series = [
    { label: t('dashboard.personal.earned'), className: 'dashboard-bar-primary' },
    { label: t('dashboard.personal.payout'), className: 'dashboard-bar-secondary' },
  ];
  const next = board.nextPayment;
  return (
    <>
      <div className="dashboard-tiles">
        {currencies.map((currency) => (
          <div className="card dashboard-tile" key={currency} data-testid="earned-tile">
            <span className="dashboard-tile-label">{t('dashboard.personal.earned')}</span>
            <strong>
              <Money
                amount={totalOf(board.months, currency, (row) => row.earned)}
                currency={currency}
              />
            </strong>
            <span className="dashboard-tile-label">{t('dashboard.personal.payout')}</span>
            <Money
              amount={totalOf(board.months, currency, (row) => row.payout)}
              currency={currency}
            />
            {board.paid && (
              <>
                <span className="dashboard-tile-label">{t('dashboard.personal.paid')}</span>
                <span data-testid="paid-to-me">
                  <Money
                    amount={board.paid.find((row) => row.currency === currency)?.amount ?? '0'}
                    currency={currency}
                  />
                </span>
              </>
            )}
          </div>
        ))}
        <div className="card dashboard-tile" data-testid="balance-tile">
          <span className="dashboard-tile-label">{t('dashboard.personal.balance')}</span>
          {board.balances.length === 0 ? (
            <strong>
              <Money amount="0" currency="USD" balance />
            </strong>
          ) : (
            board.balances.map((balance) => (
              <strong key={balance.currency}>
                <Money amount={balance.amount} currency={balance.currency} balance />
              </strong>
            ))
          )}
          {may('wallet') && <Link to="/wallet">{t('dashboard.personal.open-wallet')}</Link>}
        </div>
        <div className="card dashboard-tile" data-testid="next-payment-tile">
          <span className="dashboard-tile-label">{t('dashboard.personal.next-payment')}</span>
          {next ? (
            <>
              <strong>
                <Money amount={next.amount} currency={next.currency} />
              </strong>
              <span>{paymentStatusLabel(t, next.status)}</span>
            </>
          ) : (
            <span className="page-note">{t('dashboard.personal.no-next-payment')}</span>
          )}
        </div>
      </div>

      <section className="card dashboard-card" aria-label={t('dashboard.personal.chart-title')}>
        <h2>{t('dashboard.personal.chart-title')}</h2>
        {currencies.length === 0 ? (
          <div data-testid="dashboard-empty">
            <p className="page-note">{t('dashboard.personal.empty-text')}</p>
            {may('wallet') && <Link to="/wallet">{t('dashboard.personal.set-up-wallet')}</Link>}
          </div>
        ) : (
          currencies.map((currency) => (
            <PeriodChart
              key={currency}
              title={t('dashboard.personal.chart-title')}
              currency={currency}
              series={series}
              rows={board.months
                .filter((row) => row.currency === currency)
                .map((row) => ({ month: row.month, values: [row.earned, row.payout] }))}
            />
          ))
        )}
      </section>

      <PersonalTables board={board} />
    </>
  );
}
