import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { formatDate } from '../format/formatters';
import { Facts } from '../widgets/Facts';
import { Money } from '../widgets/Money';
import type { PayeeStatement } from '../../api/payeeStatements';
import { downloadPayeeStatement, type PayeeStatementSource } from './earningsApi';
import './earnings.css';

/** The most decimals the balance carried shows: what stays may be a fraction of a cent. */
const CARRIED_DECIMALS = 5;

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
    [t('payeeStatements.fields.payee'), statement.payee.fullname],
    [t('payeeStatements.fields.label'), statement.account],
    [t('payeeStatements.fields.distributor'), statement.distributor],
    [t('payeeStatements.fields.period'), statement.period],
    [t('payeeStatements.fields.approved'), formatDate(statement.approvedAt)],
    [t('payeeStatements.fields.currency'), statement.currency],
  ];
  const totals: [string, ReactNode, string][] = [
    [t('payeeStatements.totals.earned'), money(statement.earned), 'earned'],
    [t('payeeStatements.totals.recouped'), money(statement.recouped), 'recouped'],
    [t('payeeStatements.totals.credited'), money(statement.credited), 'credited'],
    [t('payeeStatements.totals.payout'), money(statement.payout), 'payout'],
    [t('payeeStatements.totals.brought-forward'), money(statement.broughtForward), 'brought'],
    [t('payeeStatements.totals.paid'), money(statement.paid), 'paid'],
    [
      t('payeeStatements.totals.carried'),
      <Money
        key="carried"
        amount={statement.carried}
        currency={statement.currency}
        maxDecimals={CARRIED_DECIMALS}
      />,
      'carried',
    ],
  ];
  return (
    <div className="payee-statement">
      <DownloadButtons statementId={statement.statementId} source={source} />
      <Facts items={facts} />
      <Heading className="section-title">{t('payeeStatements.lines.title')}</Heading>
      {statement.lines.length === 0 ? (
        <p className="page-note">{t('payeeStatements.lines.none')}</p>
      ) : (
        <table className="payee-statement-table">
          <thead>
            <tr>
              <th scope="col">{t('payeeStatements.lines.product')}</th>
              <th scope="col">{t('payeeStatements.lines.code')}</th>
              <th scope="col" className="number">
                {t('payeeStatements.lines.units')}
              </th>
              <th scope="col" className="number">
                {t('payeeStatements.lines.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {statement.lines.map((line) => (
              <tr key={`${line.productId ?? ''}-${line.code}`}>
                <td>{line.product || t('payeeStatements.lines.unknown-product')}</td>
                <td>{line.code}</td>
                <td className="number">{line.units.toLocaleString(i18n.language)}</td>
                <td className="number">{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Heading className="section-title">{t('payeeStatements.recoupments.title')}</Heading>
      {statement.recoupments.length === 0 ? (
        <p className="page-note">{t('payeeStatements.recoupments.none')}</p>
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
      <Heading className="section-title">{t('payeeStatements.totals.title')}</Heading>
      <dl className="payee-statement-totals">
        {totals.map(([term, value, name]) => (
          <div key={name} className="fact" data-total={name}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="page-note">{t('payeeStatements.pdf.carried-note')}</p>
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
        {t('payeeStatements.download.csv')}
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={busy !== null}
        onClick={() => void download('pdf')}
      >
        {t('payeeStatements.download.pdf')}
      </button>
    </div>
  );
}
