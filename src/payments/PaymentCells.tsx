import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../widgets/list/columns';
import type { CellProps } from '../widgets/list/columns';
import { Money } from '../widgets/Money';
import type { Payment, Transaction } from '../../api/payments';
import { holdReasonLabel, paymentStatusLabel, transactionStatusLabel } from './labels';
import { badgeClass, toneOf } from '../widgets/tones';

export const PaymentAmountCell = ({ row }: CellProps<Payment | Transaction>) => (
  <Money amount={row.amount} currency={row.currency} />
);

/** Amount + fee: sent to the label and staff only (a payee sees what they receive). */
export const PaymentTotalCell = ({ row }: CellProps<Payment | Transaction>) =>
  row.total === undefined ? null : <Money amount={row.total} currency={row.currency} />;

/** The status, and why a held payment waits: a hold is never silent. */
export function PaymentStatusCell({ row }: CellProps<Payment>) {
  const { t } = useTranslation();
  return (
    // The reason a payment is held is read on hover and by screen readers; the payment's page
    // says it in full. In the list it would widen the status column past a phone's screen.
    <span
      className="payment-status"
      title={row.holdReason ? holdReasonLabel(t, row.holdReason) : undefined}
    >
      <span className={badgeClass(toneOf('payment', row.status))}>
        {paymentStatusLabel(t, row.status)}
      </span>
      {row.holdReason && (
        <span className="payment-hold-reason"> · {holdReasonLabel(t, row.holdReason)}</span>
      )}
    </span>
  );
}

export function TransactionStatusCell({ row }: CellProps<Transaction>) {
  const { t } = useTranslation();
  return <>{transactionStatusLabel(t, row.status)}</>;
}

export function PassbackCell({ row }: CellProps<Transaction>) {
  const { t } = useTranslation();
  return <>{row.passback ? t('transactions.passback.on') : t('transactions.passback.off')}</>;
}

/** A transaction's amount, total, status, where its funds go and its trace id, as lists show them. */
export function transactionColumns(t: TFunction): ListColumn<Transaction>[] {
  return [
    {
      label: t('transactions.list.amount'),
      key: 'amount',
      component: PaymentAmountCell,
      width: 110,
      textAlign: 'right',
    },
    {
      label: t('transactions.list.total'),
      key: 'total',
      component: PaymentTotalCell,
      width: 110,
      textAlign: 'right',
      // The server sends the fee to the label and staff only: a payee's list has no such column.
      show: 'hide-null',
    },
    {
      label: t('transactions.list.status'),
      key: 'status',
      component: TransactionStatusCell,
      width: 130,
    },
    {
      label: t('transactions.list.passback'),
      key: 'passback',
      component: PassbackCell,
      width: 150,
    },
    { label: t('transactions.list.trace'), key: 'traceId', width: 140, show: 'hide-null' },
  ];
}
