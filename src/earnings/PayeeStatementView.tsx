import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { formatDate } from '../format/formatters';
import { Facts } from '../widgets/Facts';
import { ReserveReleases } from '../payments/ReserveFigures';
import { Money } from '../widgets/Money';
import type { PayeeStatement } from '../../api/payeeStatements';
import { downloadPayeeStatement, type PayeeStatementSource } from './earningsApi';
import './earnings.css';

/**
 * One payee's statement: its facts, the lines by product and code, the recoupments taken, the
 * totals and the balance carried, with its CSV and PDF.
 */
export function PayeeStatementView({
  statement,
  source,
  headingLevel = 2,
}: {
  statement: PayeeStatement;
  source: PayeeStatementSource;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const money = (amount: string) => <Money amount={amount} currency={statement.currency} />;
  const facts: [string, ReactNode][] = [
    [t('payee-statements.fields.payee'), statement.payee.fullname],
    [t('payee-statements.fields.label'), statement.account],
    [t('payee-statements.fields.distributor'), statement.distributor],
    [t('payee-statements.fields.period'), statement.period],
    [t('payee-statements.fields.approved'), formatDate(statement.approvedAt)],
    [t('payee-statements.fields.currency'), statement.currency],
  ];
  const totals: [string, ReactNode, string][] = [
    [t('payee-statements.totals.earned'), money(statement.earned), 'earned'],
    [t('payee-statements.totals.recouped'), money(statement.recouped), 'recouped'],
    [t('payee-statements.totals.credited'), money(statement.credited), 'credited'],
    [t('payee-statements.totals.payout'), money(statement.payout), 'payout'],
    [t('payee-statements.totals.brought-forward'), money(statement.broughtForward), 'brought'],
    ...(statement.reserve
      ? ([
          [t('reserves.statement.withheld'), money(statement.reserve.withheld), 'withheld'],
          [t('reserves.statement.charged'), money(statement.reserve.charged), 'charged'],
        ] as [string, ReactNode, string][])
      : []),
    [t('payee-statements.totals.paid'), money(statement.paid), 'paid'],
    [
      t('payee-statements.totals.carried'),
      <Money key="carried" amount={statement.carried} currency={statement.currency} balance />,
      'carried',
    ],
  ];
  return (
    <div className="payee-statement">
      <DownloadButtons statementId={statement.statementId} source={source} />
      <Facts items={facts} />
      <Heading className="section-title">{t('payee-statements.lines.title')}</Heading>
      {statement.lines.length === 0 ? (
        <p className="page-note">{t('payee-statements.lines.none')}</p>
      ) : (
        <table className="payee-statement-table">
          <thead>
            <tr>
              <th scope="col">{t('payee-statements.lines.product')}</th>
              <th scope="col">{t('payee-statements.lines.code')}</th>
              <th scope="col" className="number">
                {t('payee-statements.lines.units')}
              </th>
              <th scope="col" className="number">
                {t('payee-statements.lines.revenue')}
              </th>
              <th scope="col" className="number">
                {t('payee-statements.lines.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {statement.lines.map((line) => (
              <tr key={`${line.productId ?? ''}-${line.code}`}>
                <td>{line.product || t('payee-statements.lines.unknown-product')}</td>
                <td>{line.code}</td>
                <td className="number">{line.units.toLocaleString(i18n.language)}</td>
                <td className="number" data-testid="line-revenue">
                  {line.revenue !== null && (
                    <>
                      {money(line.revenue)}{' '}
                      <span className="page-note">
                        {line.revenueView === 'gross'
                          ? t('payee-statements.lines.revenue-gross')
                          : t('payee-statements.lines.revenue-net')}
                      </span>
                    </>
                  )}
                </td>
                <td className="number">{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {statement.lines.some((line) => line.revenue !== null) && (
        <p className="page-note">{t('payee-statements.lines.revenue-note')}</p>
      )}
      <Heading className="section-title">{t('payee-statements.recoupments.title')}</Heading>
      {statement.recoupments.length === 0 ? (
        <p className="page-note">{t('payee-statements.recoupments.none')}</p>
      ) : (
        <table className="payee-statement-table">
          <tbody>
            {statement.recoupments.map((recoupment) => (
              <tr key={recoupment.recoupmentId}>
                <td>{recoupment.title}</td>
                <td className="number">{money(recoupment.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Heading className="section-title">{t('payee-statements.totals.title')}</Heading>
      <dl className="payee-statement-totals">
        {totals.map(([term, value, name]) => (
          <div key={name} className="fact" data-total={name}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="page-note">{t('payee-statements.pdf.carried-note')}</p>
      {statement.reserve && statement.reserve.releases.length > 0 && (
        <>
          <Heading className="section-title">{t('reserves.statement.releases')}</Heading>
          <ReserveReleases releases={statement.reserve.releases} currency={statement.currency} />
        </>
      )}
    </div>
  );
}

function DownloadButtons({
  statementId,
  source,
}: {
  statementId: string;
  source: PayeeStatementSource;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const download = async (kind: 'csv' | 'pdf') => {
    setBusy(kind);
    try {
      await downloadPayeeStatement(api, statementId, source, kind);
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="payee-statement-downloads">
      <button
        type="button"
        className="button button-secondary"
        disabled={busy !== null}
        onClick={() => void download('csv')}
      >
        {t('payee-statements.download.csv')}
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={busy !== null}
        onClick={() => void download('pdf')}
      >
        {t('payee-statements.download.pdf')}
      </button>
    </div>
  );
}
