import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { streamOf, useLiveReload } from '../live/useLiveReload';
import type { PageProps } from '../routes/types';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { Facts } from '../widgets/Facts';
import { Money } from '../widgets/Money';
import { formatCurrency, formatMoney, roundDown } from '../format/formatters';
import { minorUnitsOf } from '../../rules/currencies';
import type { LabelFunds, LedgerMove, WalletCurrencyBalance } from '../../api/payments';
import { transferKindLabel } from './labels';
import { PaymentTransactions } from './PaymentPage';
import { BankAccountSection } from './BankAccountSection';
import { PaymentTermsSection } from './PaymentTermsSection';
import { ReserveReleases } from './ReserveFigures';
import { readWallet } from './paymentsApi';
import { useOpensStatements } from './useOpensStatements';
import '../widgets/pageParts.css';
import './payments.css';

/** `value` is above zero and below one minor unit of the currency (`0.0095` in USD). */
function belowOneUnit(value: string, currency: string): boolean {
  const shown = String(roundDown(value, minorUnitsOf(currency)));
  return !value.trim().startsWith('-') && /[1-9]/.test(value) && !/[1-9]/.test(shown);
}

/** One minor unit of the currency as a decimal: `0.01` for USD, `1` for JPY. */
const oneUnit = (currency: string) => {
  const digits = minorUnitsOf(currency);
  return digits === 0 ? '1' : `0.${'1'.padStart(digits, '0')}`;
};

/**
 * The person's balance in one currency, as the navigation and the dashboard show it (rounded down
 * to whole minor units, the exact value on hover), what the next payment can move, and what stays
 * in the balance: less than one minor unit is said in words, never rounded away.
 */
export function BalanceCard({ balance }: { balance: WalletCurrencyBalance }) {
  const { t, i18n } = useTranslation();
  const exactRemainder = formatCurrency(balance.remainder, {
    currency: balance.currency,
    locale: i18n.language,
    minimumFractionDigits: minorUnitsOf(balance.currency),
    maximumFractionDigits: 12,
  });
  return (
    <section
      className="card wallet-balance-card"
      aria-label={t('wallet-page.balance.currency', { currency: balance.currency })}
    >
      <Facts
        items={[
          [
            t('wallet-page.balance.exact'),
            <Money key="exact" amount={balance.exact} currency={balance.currency} balance />,
          ],
          [
            t('wallet-page.balance.payable'),
            <Money key="payable" amount={balance.payable} currency={balance.currency} balance />,
          ],
          [
            t('wallet-page.balance.remainder'),
            belowOneUnit(balance.remainder, balance.currency) ? (
              <span key="remainder" className="money" title={exactRemainder}>
                {t('wallet-page.balance.below-unit', {
                  unit: formatMoney(oneUnit(balance.currency), balance.currency, i18n.language),
                })}
              </span>
            ) : (
              <Money
                key="remainder"
                amount={balance.remainder}
                currency={balance.currency}
                balance
              />
            ),
          ],
        ]}
      />
    </section>
  );
}

/** The label's money in one currency, each figure rounded to the currency with the exact on hover. */
export function FundsCard({ funds }: { funds: LabelFunds }) {
  const { t } = useTranslation();
  const money = (key: string, amount: string) => (
    <Money key={key} amount={amount} currency={funds.currency} />
  );
  return (
    <section
      className="card"
      aria-label={t('wallet-page.funds.currency', { currency: funds.currency })}
    >
      <Facts
        items={[
          [t('wallet-page.funds.received'), money('received', funds.received)],
          [t('wallet-page.funds.paid-out'), money('paid-out', funds.paidOut)],
          [t('wallet-page.funds.fees'), money('fees', funds.fees)],
          [t('wallet-page.funds.held'), money('held', funds.held)],
          [t('wallet-page.funds.returned-kept'), money('returned-kept', funds.returnedKept)],
          [
            t('wallet-page.funds.returned-to-funds'),
            money('returned-to-funds', funds.returnedToFunds),
          ],
          [t('wallet-page.funds.left'), money('left', funds.left)],
        ]}
      />
    </section>
  );
}

type IncomingRow = LedgerMove;

/** What came in, as the balance it joined shows: whole minor units, the exact value on hover. */
function IncomingAmountCell({ row }: CellProps<IncomingRow>) {
  return <Money amount={row.amount} currency={row.currency} balance />;
}

function IncomingStatementCell({ row }: CellProps<IncomingRow>) {
  const { t } = useTranslation();
  const opensStatements = useOpensStatements();
  if (!row.statementId || !opensStatements) return null;
  return (
    <Link to={`/statements/${encodeURIComponent(row.statementId)}`}>
      {t('wallet-page.incoming.statement')}
    </Link>
  );
}

function IncomingKindCell({ row }: CellProps<IncomingRow>) {
  const { t } = useTranslation();
  return <>{transferKindLabel(t, row.kind)}</>;
}

/**
 * /wallet: the signed-in person's balance, exact and as the next payment can move it, the
 * payouts that came in, and the transactions on their way or prepared.
 */
export function WalletPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const loaded = useLoad(() => readWallet(api), [api]);
  // The wallet moves when one of the person's payments does.
  useLiveReload(streamOf('payment'), loaded.reload, []);
  const wallet = loaded.data;
  const incomingColumns: ListColumn<IncomingRow>[] = [
    { label: t('payments.transfers.at'), key: 'at', format: 'datetime', width: 150, flexGrow: 0 },
    { label: t('payments.transfers.kind'), key: 'kind', component: IncomingKindCell, width: 120 },
    {
      label: t('payments.list.statement'),
      key: 'statementId',
      component: IncomingStatementCell,
      width: 200,
      flexGrow: 2,
    },
    {
      label: t('payments.transfers.amount'),
      key: 'amount',
      component: IncomingAmountCell,
      width: 140,
      textAlign: 'right',
    },
  ];

  return (
    <section className="page wallet-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      {loaded.status === 'loading' || !wallet ? (
        <p className="page-note">{t('wallet-page.balance.loading')}</p>
      ) : (
        <>
          <section aria-labelledby="wallet-balance">
            <h2 id="wallet-balance" className="section-title">
              {t('wallet-page.balance.heading')}
            </h2>
            <div className="wallet-balances">
              {wallet.balances.map((balance) => (
                <BalanceCard key={balance.currency} balance={balance} />
              ))}
            </div>
            <p className="page-note">{t('wallet-page.balance.remainder-note')}</p>
          </section>
          {wallet.reserves && (
            <section className="card" aria-labelledby="wallet-reserves">
              <h2 id="wallet-reserves" className="section-title">
                {t('reserves.wallet.heading')}
              </h2>
              <p className="page-note">{t('reserves.wallet.note')}</p>
              {wallet.reserves.map((reserve) => (
                <div key={reserve.currency} data-testid="wallet-reserve">
                  <p>
                    {t('reserves.wallet.held')}{' '}
                    <Money amount={reserve.held} currency={reserve.currency} />
                  </p>
                  <ReserveReleases releases={reserve.releases} currency={reserve.currency} />
                </div>
              ))}
            </section>
          )}
          {wallet.funds && (
            <section aria-labelledby="wallet-funds">
              <h2 id="wallet-funds" className="section-title">
                {t('wallet-page.funds.heading')}
              </h2>
              <div className="wallet-balances">
                {wallet.funds.map((funds) => (
                  <FundsCard key={funds.currency} funds={funds} />
                ))}
              </div>
              <p className="page-note">{t('wallet-page.funds.note')}</p>
            </section>
          )}
          <BankAccountSection />
          <PaymentTermsSection />
          <section className="card" aria-labelledby="wallet-incoming">
            <h2 id="wallet-incoming" className="section-title">
              {t('wallet-page.incoming.heading')}
            </h2>
            <List
              label={t('wallet-page.incoming.heading')}
              columns={incomingColumns}
              rows={wallet.incoming}
              emptyText={t('wallet-page.incoming.empty')}
            />
          </section>
          <section className="card" aria-labelledby="wallet-active">
            <h2 id="wallet-active" className="section-title">
              {t('wallet-page.active.heading')}
            </h2>
            <PaymentTransactions
              transactions={wallet.active}
              label={t('wallet-page.active.heading')}
            />
          </section>
          <section className="card" aria-labelledby="wallet-prepared">
            <h2 id="wallet-prepared" className="section-title">
              {t('wallet-page.prepared.heading')}
            </h2>
            <PaymentTransactions
              transactions={wallet.prepared}
              label={t('wallet-page.prepared.heading')}
            />
          </section>
        </>
      )}
    </section>
  );
}
