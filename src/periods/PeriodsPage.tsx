import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { statusOfState } from '../../machines/statementMachine';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { formatDateTime } from '../format/formatters';
import { useServerText } from '../i18n/serverText';
import { actingAs } from '../routes/access';
import type { PageProps } from '../routes/types';
import { useSession } from '../session/useSession';
import { StatusBadge } from '../statements/StatusBadge';
import { ConfirmModal } from '../widgets/ConfirmModal';
import { Money } from '../widgets/Money';
import { PERIOD_SUMMARY_FIGURES, type PeriodsOverview } from '../../api/periods';
import { periodLabel } from './periodLabel';
import { closePeriod, downloadPeriodSummary, readPeriod, readPeriods } from './periodsApi';
import '../widgets/pageParts.css';
import './periods.css';
import { JournalDownloads } from '../journals/JournalDownloads';

type PeriodRow = PeriodsOverview['periods'][number];

/** Those who change statements close periods; the server checks it again (statement:rw). */
function useClosesPeriods(): boolean {
  const { session } = useSession();
  return !!session && actingAs(session).permissions.includes('statement:rw');
}

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function PeriodState({ row }: { row: PeriodRow }) {
  const { t, i18n } = useTranslation();
  if (row.status === 'closed') {
    const at = row.closedAt ? formatDateTime(epochSeconds(row.closedAt)) : '';
    return (
      <>
        <strong>{t('periods.status.closed')}</strong>
        <div className="page-note">
          {row.closedBy
            ? t('periods.list.closed-by', { name: row.closedBy, time: at })
            : t('periods.list.closed-at', { time: at })}
        </div>
      </>
    );
  }
  if (row.status === 'ready') return <strong>{t('periods.status.ready')}</strong>;
  return (
    <>
      <strong>{t('periods.status.open')}</strong>
      <div className="page-note">
        {t('periods.list.blocking', {
          count: row.blocking.length,
          period: periodLabel(t, i18n.language, row.period),
        })}
      </div>
      <ul className="period-blocking">
        {row.blocking.map((statement) => (
          <li key={statement.id}>
            <Link to={`/statements/${encodeURIComponent(statement.id)}`}>{statement.title}</Link>{' '}
            <StatusBadge status={statusOfState[statement.state] ?? statement.state} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * /periods: the label's periods, newest first: closed, ready to close, or open with the
 * statements that keep them open. Those who change statements close a ready one.
 */
export function PeriodsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const serverText = useServerText({ email: '' });
  const closes = useClosesPeriods();
  const loaded = useLoad(() => readPeriods(api), [api]);
  const [confirming, setConfirming] = useState<PeriodRow | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = (key: string) => periodLabel(t, i18n.language, key);

  const close = async (row: PeriodRow) => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await closePeriod(api, row.period);
      setConfirming(null);
      loaded.reload();
    } catch (error) {
      setProblem(error instanceof ApiError ? serverText(error.message) : t('periods.list.failed'));
    } finally {
      setBusy(false);
    }
  };

  const overview = loaded.data;
  return (
    <section className="page periods-page">
      <header className="recoup-head">
        <h1 className="page-title">{t(route.titleKey)}</h1>
      </header>
      <p className="page-note">{t('periods.list.intro')}</p>
      {overview && (
        <p className="page-note">
          {overview.length === 'quarter'
            ? t('periods.list.length-quarter')
            : t('periods.list.length-month')}
        </p>
      )}
      <section className="card" aria-labelledby="periods-heading">
        <h2 id="periods-heading" className="section-title">
          {t('periods.list.heading')}
        </h2>
        {!overview ? (
          <p className="page-note">
            {loaded.status === 'loading' ? t('periods.list.loading') : t('periods.list.failed')}
          </p>
        ) : overview.periods.length === 0 ? (
          <p className="page-note">{t('periods.list.empty')}</p>
        ) : (
          <div className="periods-scroll">
            <table className="periods-table" aria-label={t('periods.list.heading')}>
              <thead>
                <tr>
                  <th scope="col">{t('periods.list.period')}</th>
                  <th scope="col">{t('periods.list.statements')}</th>
                  <th scope="col">{t('periods.list.status')}</th>
                  <th scope="col">{t('periods.list.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {overview.periods.map((row) => (
                  <tr key={row.period} data-period={row.period}>
                    <td>
                      {row.status === 'closed' ? (
                        <Link to={`/periods/${encodeURIComponent(row.period)}`}>
                          {name(row.period)}
                        </Link>
                      ) : (
                        name(row.period)
                      )}
                    </td>
                    <td>{row.statements}</td>
                    <td>
                      <PeriodState row={row} />
                    </td>
                    <td>
                      {row.status === 'ready' && closes && (
                        <button
                          type="button"
                          className="button button-primary button-small"
                          onClick={() => {
                            setProblem(null);
                            setConfirming(row);
                          }}
                        >
                          {t('periods.list.close')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {confirming && (
        <ConfirmModal
          title={t('periods.confirm.title', { period: name(confirming.period) })}
          confirmLabel={t('periods.confirm.yes')}
          cancelLabel={t('periods.confirm.no')}
          onConfirm={() => void close(confirming)}
          onClose={() => setConfirming(null)}
          problem={problem}
        >
          <p>{t('periods.confirm.body', { count: confirming.statements })}</p>
        </ConfirmModal>
      )}
    </section>
  );
}

const FIGURE_KEYS: Record<(typeof PERIOD_SUMMARY_FIGURES)[number], string> = {
  broughtForward: 'periods.summary.brought-forward',
  revenue: 'periods.summary.revenue',
  distributorTake: 'periods.summary.distributor-take',
  recoupmentsTaken: 'periods.summary.recoupments-taken',
  fundsReceived: 'periods.summary.funds-received',
  payouts: 'periods.summary.payouts',
  reservesWithheld: 'periods.summary.reserves-withheld',
  reservesReleased: 'periods.summary.reserves-released',
  returnsChargedToReserve: 'periods.summary.returns-charged-to-reserve',
  paymentsMade: 'periods.summary.payments-made',
  fees: 'periods.summary.fees',
  otherBalanceMovements: 'periods.summary.other-movements',
  carriedForward: 'periods.summary.carried-forward',
};

/** /periods/:period: a closed period's summary per currency, as its close computed it. */
export function PeriodPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { period = '' } = useParams();
  const loaded = useLoad(() => readPeriod(api, period), [api, period]);
  const detail = loaded.data;
  return (
    <section className="page period-page">
      <header className="recoup-head">
        <h1 className="page-title">
          {t(route.titleKey)}: {periodLabel(t, i18n.language, period)}
        </h1>
      </header>
      {!detail ? (
        <p className="page-note">
          {loaded.status === 'loading' ? t('periods.list.loading') : t('periods.detail.failed')}
        </p>
      ) : (
        <>
          <p className="page-note">
            {t('periods.detail.closed-at', { time: formatDateTime(epochSeconds(detail.closedAt)) })}
          </p>
          <section className="card" aria-labelledby="period-summary-heading">
            <h2 id="period-summary-heading" className="section-title">
              {t('periods.summary.heading')}
            </h2>
            <p className="page-note">{t('periods.summary.note')}</p>
            {detail.summary.length === 0 ? (
              <p className="page-note">{t('periods.summary.empty')}</p>
            ) : (
              <div className="periods-scroll">
                <table className="period-summary-table" aria-label={t('periods.summary.heading')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('periods.summary.figure')}</th>
                      {detail.summary.map((row) => (
                        <th key={row.currency} scope="col" className="numeric">
                          {row.currency}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {PERIOD_SUMMARY_FIGURES.map((figure) => (
                      <tr key={figure} data-figure={figure}>
                        <th scope="row">{t(FIGURE_KEYS[figure])}</th>
                        {detail.summary.map((row) => (
                          <td key={row.currency} className="numeric">
                            <Money amount={row[figure]} currency={row.currency} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div className="form-actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void downloadPeriodSummary(api, period).catch(() => {})}
              >
                {t('periods.summary.download')}
              </button>
            </div>
          </section>
          <JournalDownloads period={period} />
        </>
      )}
    </section>
  );
}
