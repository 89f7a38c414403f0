import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { streamOf, useLiveReload } from '../live/useLiveReload';
import { formatDateTime } from '../format/formatters';
import type { PageProps } from '../routes/types';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { Facts } from '../widgets/Facts';
import { Money } from '../widgets/Money';
import type { PaymentHistoryEntry } from '../../api/payments';
import { transactionStatusLabel } from './labels';
import { readTransaction } from './paymentsApi';
import '../widgets/pageParts.css';
import './payments.css';

type HistoryRow = PaymentHistoryEntry & { id: number };

function HistoryStatusCell({ row }: CellProps<HistoryRow>) {
  const { t } = useTranslation();
  return <>{transactionStatusLabel(t, row.status)}</>;
}

/** /transactions/{id}: one transfer of a payment, where it stands with the bank, and its history. */
export function TransactionPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { id = '' } = useParams();
  const loaded = useLoad(() => readTransaction(api, id), [api, id]);
  // A transaction moves with its payment.
  const paymentId = loaded.data?.paymentId;
  useLiveReload(streamOf('payment', paymentId ?? ''), loaded.reload, [paymentId]);

  if (loaded.status === 'loading') {
    return <p className="page page-note">{t('transactions.detail.loading')}</p>;
  }
  if (!loaded.data) {
    return (
      <section className="page">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <p className="page-note">{t('transactions.detail.missing')}</p>
      </section>
    );
  }
  const transaction = loaded.data;
  const money = (amount: string) => <Money amount={amount} currency={transaction.currency} />;
  const none = t('transactions.detail.none');
  const facts: [string, ReactNode][] = [
    [t('transactions.list.status'), transactionStatusLabel(t, transaction.status)],
    [t('transactions.list.amount'), money(transaction.amount)],
    // The label's fee: sent to the label and staff only, never to the payee.
    ...(transaction.fee !== undefined && transaction.total !== undefined
      ? ([
          [t('transactions.detail.fee'), money(transaction.fee)],
          [t('transactions.list.total'), money(transaction.total)],
        ] as [string, ReactNode][])
      : []),
    [
      t('transactions.list.passback'),
      transaction.passback ? t('transactions.passback.on') : t('transactions.passback.off'),
    ],
    [
      t('transactions.detail.payment'),
      <Link key="payment" to={`/payments/${encodeURIComponent(transaction.paymentId)}`}>
        {t('transactions.detail.payment-link', { payee: transaction.payeeName })}
      </Link>,
    ],
    [t('transactions.detail.account'), transaction.accountName],
    [t('transactions.list.trace'), transaction.traceId ?? none],
    [t('transactions.detail.bank-transfer'), transaction.bankTransferId ?? none],
    [
      t('transactions.detail.transferred'),
      transaction.transferredAt ? formatDateTime(transaction.transferredAt) : none,
    ],
    [t('transactions.list.created'), formatDateTime(transaction.createdAt)],
  ];
  const rows: HistoryRow[] = transaction.history.map((entry) => ({
    ...entry,
    id: entry.sequence,
  }));
  const columns: ListColumn<HistoryRow>[] = [
    { label: t('payments.transfers.at'), key: 'at', format: 'datetime', width: 150, flexGrow: 0 },
    {
      label: t('transactions.list.status'),
      key: 'status',
      component: HistoryStatusCell,
      width: 140,
    },
  ];
  return (
    <section className="page transaction-detail">
      <h1 className="page-title">
        {t('transactions.detail.heading', { payee: transaction.payeeName })}
      </h1>
      <section className="card" aria-labelledby="transaction-facts">
        <h2 id="transaction-facts" className="section-title">
          {t('payments.detail.facts')}
        </h2>
        <Facts items={facts} />
      </section>
      <section className="card" aria-labelledby="transaction-history">
        <h2 id="transaction-history" className="section-title">
          {t('payments.detail.history')}
        </h2>
        <List
          label={t('payments.detail.history')}
          columns={columns}
          rows={rows}
          emptyText={t('payments.detail.history-empty')}
        />
      </section>
    </section>
  );
}
