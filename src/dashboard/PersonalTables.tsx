import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PersonalDashboard } from '../../api/dashboard';
import { formatPercent } from '../format/formatters';
import { Money } from '../widgets/Money';
import { useRouteAccess } from './useRouteAccess';

/** A payee's statements, products with their share, and the recoupments they repay. */
export function PersonalTables({ board }: { board: PersonalDashboard }) {
  const { t } = useTranslation();
  const may = useRouteAccess();
  return (
    <>
      <section className="card dashboard-card" aria-label={t('dashboard.personal.statements')}>
        <h2>{t('dashboard.personal.statements')}</h2>
        {board.statements.length === 0 ? (
          <p className="page-note">{t('dashboard.common.none-in-timeframe')}</p>
        ) : (
          <table className="dashboard-table" data-testid="my-statements">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.label.statement')}</th>
                <th scope="col">{t('dashboard.personal.label')}</th>
                <th scope="col">{t('dashboard.chart.period')}</th>
                <th scope="col" className="numeric">
                  {t('dashboard.personal.earned')}
                </th>
                <th scope="col" className="numeric">
                  {t('dashboard.personal.recouped')}
                </th>
                <th scope="col" className="numeric">
                  {t('dashboard.personal.payout')}
                </th>
              </tr>
            </thead>
            <tbody>
              {board.statements.map((row) => (
                <tr key={row.id}>
                  <td>{row.title}</td>
                  <td>{row.account}</td>
                  <td>{row.period}</td>
                  <td className="numeric">
                    <Money amount={row.earned} currency={row.currency} />
                  </td>
                  <td className="numeric">
                    <Money amount={row.recouped} currency={row.currency} />
                  </td>
                  <td className="numeric">
                    <Money amount={row.payout} currency={row.currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <div className="dashboard-columns">
        <section className="card dashboard-card" aria-label={t('dashboard.personal.products')}>
          <h2>{t('dashboard.personal.products')}</h2>
          {board.products.length === 0 ? (
            <p className="page-note">{t('dashboard.personal.no-products')}</p>
          ) : (
            <table className="dashboard-table" data-testid="my-products">
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.personal.product')}</th>
                  <th scope="col" className="numeric">
                    {t('dashboard.personal.share')}
                  </th>
                  <th scope="col" className="numeric">
                    {t('dashboard.personal.earned')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {board.products.map((row) => (
                  <tr key={`${row.id}-${row.currency ?? ''}`}>
                    <td>
                      {may('product') ? (
                        <Link to={`/products/${encodeURIComponent(row.id)}`}>{row.title}</Link>
                      ) : (
                        row.title
                      )}
                      {row.artist && <span className="dashboard-muted"> · {row.artist}</span>}
                    </td>
                    <td className="numeric">
                      {row.share === null ? '—' : formatPercent(row.share)}
                    </td>
                    <td className="numeric">
                      {row.currency ? <Money amount={row.earned} currency={row.currency} /> : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="card dashboard-card" aria-label={t('dashboard.personal.recoupments')}>
          <h2>{t('dashboard.personal.recoupments')}</h2>
          {board.recoupments.length === 0 ? (
            <p className="page-note">{t('dashboard.personal.no-recoupments')}</p>
          ) : (
            <ul className="dashboard-recoupments" data-testid="my-recoupments">
              {board.recoupments.map((row) => (
                <li key={row.id}>
                  <strong>
                    {may('recoupment') ? (
                      <Link to={`/recoupments/${encodeURIComponent(row.id)}`}>{row.title}</Link>
                    ) : (
                      row.title
                    )}
                  </strong>
                  <span>
                    {t('dashboard.personal.left-to-recoup')}{' '}
                    <Money amount={row.remaining} currency={row.currency} />
                    {' · '}
                    {t('dashboard.personal.recouped')}{' '}
                    <Money amount={row.recouped} currency={row.currency} />
                  </span>
                  <span className="dashboard-muted">
                    {row.pace === null || row.statementsLeft === null
                      ? t('dashboard.personal.no-pace')
                      : t('dashboard.personal.pace', { statements: row.statementsLeft })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
