import { useTranslation } from 'react-i18next';
import type { CellProps } from '../widgets/list/columns';
import { Money } from '../widgets/Money';
import type { Payment, Transaction } from '../../api/payments';
import { holdReasonLabel, paymentStatusLabel, transactionStatusLabel } from './labels';

export const PaymentAmountCell = ({ row }: CellProps<Payment | Transaction>) => (
  <Money amount={row.amount} currency={row.currency} />
);

export const PaymentTotalCell = ({ row }: CellProps<Payment | Transaction>) => (
  <Money amount={row.total} currency={row.currency} />
);

/** The status, and why a held payment waits: a hold is never silent. */
export function PaymentStatusCell({ row }: CellProps<Payment>) {
  const { t } = useTranslation();
  return (
    <span className={`payment-status payment-status-${row.status}`}>
      {paymentStatusLabel(t, row.status)}
      {row.holdReason && (
        <span className="payment-hold"> · {holdReasonLabel(t, row.holdReason)}</span>
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
