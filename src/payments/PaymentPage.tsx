import { PaymentReplay } from '../history/HistorySections';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDebugMode } from '../app/useDebugMode';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { streamOf, useLiveReload } from '../live/useLiveReload';
import { formatDateTime } from '../format/formatters';
import type { PageProps } from '../routes/types';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { Facts } from '../widgets/Facts';
import { ConfirmModal } from '../widgets/ConfirmModal';
import { Money } from '../widgets/Money';
import type {
  LedgerMove,
  PaymentDetail,
  PaymentHistoryEntry,
  Transaction,
} from '../../api/payments';
import {
  holdReasonLabel,
  ledgerAccountLabel,
  originLabel,
  paymentStatusLabel,
  transferKindLabel,
} from './labels';
import { bankReturnReason, CANCELLED, paymentFailureText } from './failureText';
import { bankFileFormatLabel } from './bankFileLabels';
import { canOpen } from '../routes/access';
import { routeById } from '../routes/table';
import { useSession } from '../session/useSession';
import { transactionColumns } from './PaymentCells';
import { cancelPayment, readPayment, retryPayment } from './paymentsApi';
import { useIsAdmin } from './useIsAdmin';
import { useOpensStatements } from './useOpensStatements';
import '../widgets/pageParts.css';
import './payments.css';

/** /payments/{id}: what is paid to whom, from which statement, its transactions and history. */
export function PaymentPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { id = '' } = useParams();
  const loaded = useLoad(() => readPayment(api, id), [api, id]);
  useLiveReload(streamOf('payment', id), loaded.reload, [id]);
  const isAdmin = useIsAdmin();
  const [retrying, setRetrying] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const cancel = async () => {
    setConfirmingCancel(false);
    try {
      await cancelPayment(api, id);
    } catch {
      // The API client has shown why (the bank has the transfer already, or it was cancelled).
    } finally {
      loaded.reload();
    }
  };
  const retry = async () => {
    setRetrying(true);
    try {
      await retryPayment(api, id);
      loaded.reload();
    } catch {
      // The API client has shown the failure (another admin may have cleared it already).
    } finally {
      setRetrying(false);
    }
  };

  if (loaded.status === 'loading') {
    return <p className="page page-note">{t('payments.detail.loading')}</p>;
  }
  if (!loaded.data) {
    return (
      <section className="page">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <p className="page-note">{t('payments.detail.missing')}</p>
      </section>
    );
  }
  const payment = loaded.data;
  return (
    <section className="page payment-detail">
      <header className="recoup-head">
        <h1 className="page-title">{t('payments.detail.heading', { payee: payment.payeeName })}</h1>
        {isAdmin && payment.status === 'failed' && payment.retryable && (
          <button
            type="button"
            className="button button-primary"
            onClick={() => void retry()}
            disabled={retrying}
          >
            {t('payments.detail.retry')}
          </button>
        )}
        {payment.cancellable && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setConfirmingCancel(true)}
          >
            {t('payments.detail.cancel')}
          </button>
        )}
      </header>
      {confirmingCancel && (
        <ConfirmModal
          title={t('payments.cancel.title')}
          confirmLabel={t('payments.cancel.confirm')}
          cancelLabel={t('payments.cancel.keep')}
          onConfirm={() => void cancel()}
          onClose={() => setConfirmingCancel(false)}
          problem={null}
        >
          <p>
            {t('payments.cancel.explain', {
              amount: `${payment.amount} ${payment.currency}`,
              payee: payment.payeeName,
            })}
          </p>
        </ConfirmModal>
      )}
      {isAdmin && payment.status === 'failed' && payment.retryable === false && (
        <p className="page-note" role="note">
          {t('server.payment.not-covered')}
        </p>
      )}
      <PaymentFacts payment={payment} />
      <section className="card" aria-labelledby="payment-transactions">
        <h2 id="payment-transactions" className="section-title">
          {t('payments.detail.transactions')}
        </h2>
        <PaymentTransactions
          transactions={payment.transactions}
          label={t('payments.detail.transactions')}
        />
      </section>
      <section className="card" aria-labelledby="payment-transfers">
        <h2 id="payment-transfers" className="section-title">
          {t('payments.detail.transfers')}
        </h2>
        <LedgerMoves moves={payment.transfers} payeeName={payment.payeeName} />
      </section>
      <section className="card" aria-labelledby="payment-history">
        <h2 id="payment-history" className="section-title">
          {t('payments.detail.history')}
        </h2>
        <PaymentHistory entries={payment.history} currency={payment.currency} />
      </section>
      <PaymentReplay
        paymentId={payment.id}
        currency={payment.currency}
        stateKey={`${payment.status}:${payment.history.length}`}
      />
    </section>
  );
}

function PaymentFacts({ payment }: { payment: PaymentDetail }) {
  const { t } = useTranslation();
  // The payment machine's state is a developer's word: shown in debug mode only.
  const debug = useDebugMode();
  const opensStatements = useOpensStatements();
  const money = (amount: string) => <Money amount={amount} currency={payment.currency} />;
  const facts: [string, ReactNode][] = [
    [t('payments.list.status'), paymentStatusLabel(t, payment.status)],
    ...(payment.holdReason
      ? [[t('payments.detail.hold'), holdReasonLabel(t, payment.holdReason)] as [string, string]]
      : []),
    ...(payment.failure
      ? [[t('payments.detail.failure'), paymentFailureText(t, payment.failure)] as [string, string]]
      : []),
    [t('payments.list.amount'), money(payment.amount)],
    // The label's fee: sent to the label and staff only, never to the payee.
    ...(payment.fee !== undefined && payment.total !== undefined
      ? ([
          [t('payments.detail.fee'), money(payment.fee)],
          [t('payments.list.total'), money(payment.total)],
        ] as [string, ReactNode][])
      : []),
    [
      t('payments.list.statement'),
      opensStatements ? (
        <Link key="statement" to={`/statements/${encodeURIComponent(payment.statementId)}`}>
          {payment.statementTitle}
        </Link>
      ) : (
        payment.statementTitle
      ),
    ],
    [t('payments.detail.account'), payment.accountName],
    [t('payments.detail.origin'), originLabel(t, payment.origin)],
    ...(payment.role !== null
      ? [[t('payments.detail.role'), t(`roles.name.${payment.role}`)] as [string, string]]
      : []),
    ...(payment.deduction !== null
      ? [[t('payments.detail.deduction'), money(payment.deduction)] as [string, ReactNode]]
      : []),
    ...(payment.contributingCount !== null
      ? [[t('payments.detail.contributing'), String(payment.contributingCount)] as [string, string]]
      : []),
    ...(payment.walletBalance !== null
      ? [[t('payments.detail.wallet-balance'), money(payment.walletBalance)] as [string, ReactNode]]
      : []),
    [t('payments.list.created'), formatDateTime(payment.createdAt)],
    ...(payment.completedAt
      ? [[t('payments.detail.completed'), formatDateTime(payment.completedAt)] as [string, string]]
      : []),
    ...(payment.retries > 0
      ? [[t('payments.detail.retries'), String(payment.retries)] as [string, string]]
      : []),
    ...(payment.bankFiles && payment.bankFiles.length > 0
      ? [
          [t('bank-files.payment.file'), <PaymentBankFiles key="files" payment={payment} />] as [
            string,
            ReactNode,
          ],
        ]
      : []),
    ...(debug && payment.internalState
      ? [[t('payments.list.internal-state'), payment.internalState] as [string, string]]
      : []),
    ...(payment.delta !== undefined
      ? [[t('payments.detail.delta'), money(payment.delta)] as [string, ReactNode]]
      : []),
  ];
  return (
    <section className="card" aria-labelledby="payment-facts">
      <h2 id="payment-facts" className="section-title">
        {t('payments.detail.facts')}
      </h2>
      <Facts items={facts} />
    </section>
  );
}

/** The bank files the payment went out in (the label's and admins'), newest last. */
function PaymentBankFiles({ payment }: { payment: PaymentDetail }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const opensFiles = !!session && canOpen(routeById('bank-files'), session);
  return (
    <span className="payment-bank-files">
      {(payment.bankFiles ?? []).map((file) => {
        const text = t('bank-files.payment.file-value', {
          name: file.fileName,
          format: bankFileFormatLabel(t, file.format),
          status: t(`bank-files.status.${file.submittedAt === null ? 'open' : 'submitted'}`),
        });
        return (
          <span key={file.id} className="payment-bank-file">
            {opensFiles ? <Link to="/payments/bank-files">{text}</Link> : text}
          </span>
        );
      })}
    </span>
  );
}

export function PaymentTransactions({
  transactions,
  label,
}: {
  transactions: Transaction[];
  label: string;
}) {
  const { t } = useTranslation();
  const columns: ListColumn<Transaction>[] = [
    {
      label: t('transactions.list.created'),
      key: 'createdAt',
      format: 'date',
      width: 100,
      flexGrow: 0,
      linkPath: '/transactions/:id',
    },
    ...transactionColumns(t),
  ];
  return (
    <List
      label={label}
      columns={columns}
      rows={transactions}
      emptyText={t('transactions.list.empty')}
    />
  );
}

type MoveRow = LedgerMove & { fromName: string; toName: string };

function MoveAmountCell({ row }: CellProps<MoveRow>) {
  return <Money amount={row.amount} currency={row.currency} />;
}

function MoveKindCell({ row }: CellProps<MoveRow>) {
  const { t } = useTranslation();
  return <>{transferKindLabel(t, row.kind)}</>;
}

/** Movements between ledger accounts, named for the reader rather than by their ledger ids. */
export function LedgerMoves({ moves, payeeName }: { moves: LedgerMove[]; payeeName: string }) {
  const { t } = useTranslation();
  const rows: MoveRow[] = moves.map((move) => ({
    ...move,
    fromName: ledgerAccountLabel(t, move.from, payeeName),
    toName: ledgerAccountLabel(t, move.to, payeeName),
  }));
  const columns: ListColumn<MoveRow>[] = [
    { label: t('payments.transfers.at'), key: 'at', format: 'datetime', width: 150, flexGrow: 0 },
    { label: t('payments.transfers.kind'), key: 'kind', component: MoveKindCell, width: 120 },
    { label: t('payments.transfers.from'), key: 'fromName', width: 180, flexGrow: 2 },
    { label: t('payments.transfers.to'), key: 'toName', width: 180, flexGrow: 2 },
    {
      label: t('payments.transfers.amount'),
      key: 'amount',
      component: MoveAmountCell,
      width: 120,
      textAlign: 'right',
    },
  ];
  return (
    <List
      label={t('payments.detail.transfers')}
      columns={columns}
      rows={rows}
      emptyText={t('payments.transfers.empty')}
    />
  );
}

type HistoryRow = PaymentHistoryEntry & { id: number; currency: string };

/**
 * The status after the step, and why it was held or what the bank answered; a return after the
 * bank had paid says the fee stays paid.
 */
function HistoryStatusCell({ row }: CellProps<HistoryRow>) {
  const { t } = useTranslation();
  return (
    <>
      {paymentStatusLabel(t, row.status)}
      {row.holdReason && ` · ${holdReasonLabel(t, row.holdReason)}`}
      {row.failure &&
        ` · ${row.failure.code === CANCELLED ? paymentFailureText(t, row.failure) : `${row.failure.code}: ${bankReturnReason(t, row.failure)}`}`}
      {row.feeKept !== undefined && (
        <>
          {` · ${t('payments.detail.fee-kept')} `}
          <Money amount={row.feeKept} currency={row.currency} />
        </>
      )}
    </>
  );
}

function PaymentHistory({
  entries,
  currency,
}: {
  entries: PaymentHistoryEntry[];
  currency: string;
}) {
  const { t } = useTranslation();
  const debug = useDebugMode();
  const rows: HistoryRow[] = entries.map((entry) => ({
    ...entry,
    id: entry.sequence,
    currency,
  }));
  const columns: ListColumn<HistoryRow>[] = [
    { label: t('payments.transfers.at'), key: 'at', format: 'datetime', width: 150, flexGrow: 0 },
    { label: t('payments.list.status'), key: 'status', component: HistoryStatusCell, width: 140 },
    ...(debug
      ? [
          {
            label: t('payments.list.internal-state'),
            key: 'internalState',
            width: 110,
            show: 'hide-null',
          } satisfies ListColumn<HistoryRow>,
        ]
      : []),
  ];
  return (
    <List
      label={t('payments.detail.history')}
      columns={columns}
      rows={rows}
      emptyText={t('payments.detail.history-empty')}
    />
  );
}
