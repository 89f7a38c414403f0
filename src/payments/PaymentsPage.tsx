import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebugMode } from '../app/useDebugMode';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { streamOf, useLiveReload } from '../live/useLiveReload';
import type { PageProps } from '../routes/types';
import { List } from '../widgets/list/List';
import type { ListColumn } from '../widgets/list/columns';
import { ListToolbar } from '../widgets/ListToolbar';
import { paymentStatuses, type Payment, type PaymentStatus } from '../../api/payments';
import { paymentStatusLabel } from './labels';
import { PaymentAmountCell, PaymentStatusCell, PaymentTotalCell } from './PaymentCells';
import { listPayments, runPaymentBatch } from './paymentsApi';
import { PaymentSettingsPanel, useCanSetPayments } from './PaymentSettingsPanel';
import { ReservesPanel } from './ReservesPanel';
import { BankFileOriginatorPanel } from './BankFileOriginatorPanel';
import { usePaysByBankFiles } from './usePaysByBankFiles';
import { useIsAdmin } from './useIsAdmin';
import { useOpensStatements } from './useOpensStatements';
import '../widgets/pageParts.css';
import './payments.css';

type StatusFilter = PaymentStatus | 'all';

/**
 * /payments: what each approved statement pays each payee, newest first. A payee sees their own,
 * a label its account's, staff every account's; the internal state is the admin's.
 */
export function PaymentsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const debug = useDebugMode();
  const { api } = useServices();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const opensStatements = useOpensStatements();
  const isAdmin = useIsAdmin();
  const setsPayments = useCanSetPayments();
  const paysByBankFiles = usePaysByBankFiles();
  const { toasts } = useServices();
  const [running, setRunning] = useState(false);
  const runBatch = async () => {
    setRunning(true);
    try {
      const run = await runPaymentBatch(api);
      toasts.send({
        type: 'toast.add',
        toast: { type: 'success', content: t('payments.batch.done', run) },
      });
      listed.reload();
    } catch {
      // The API client has shown the failure.
    } finally {
      setRunning(false);
    }
  };
  const listed = useLoad(
    (signal) =>
      listPayments(
        api,
        { q: search.trim() || undefined, status: status === 'all' ? undefined : status },
        signal,
      ),
    [api, search, status],
  );
  useLiveReload(streamOf('payment'), listed.reload, []);

  const columns: ListColumn<Payment>[] = [
    {
      label: t('payments.list.created'),
      key: 'createdAt',
      format: 'date',
      width: 100,
      flexGrow: 0,
    },
    {
      label: t('payments.list.payee'),
      key: 'payeeName',
      linkPath: '/payments/:id',
      width: 160,
      flexGrow: 2,
    },
    {
      label: t('payments.list.statement'),
      key: 'statementTitle',
      ...(opensStatements ? { linkPath: '/statements/:id', linkKey: 'statementId' } : {}),
      width: 200,
      flexGrow: 2,
    },
    {
      label: t('payments.list.amount'),
      key: 'amount',
      component: PaymentAmountCell,
      width: 110,
      textAlign: 'right',
    },
    {
      label: t('payments.list.total'),
      key: 'total',
      component: PaymentTotalCell,
      width: 110,
      textAlign: 'right',
      // The server sends the fee to the label and staff only: a payee sees what they receive.
      show: 'hide-null',
    },
    { label: t('payments.list.status'), key: 'status', component: PaymentStatusCell, width: 180 },
    // The server sends the internal state to admins only; a developer's word, shown in debug mode.
    ...(debug
      ? [
          {
            label: t('payments.list.internal-state'),
            key: 'internalState',
            width: 110,
            show: 'hide-null',
          } satisfies ListColumn<Payment>,
        ]
      : []),
  ];
  const filters: StatusFilter[] = ['all', ...paymentStatuses];

  return (
    <section className="page payments-page">
      <header className="recoup-head">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        {isAdmin && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void runBatch()}
            disabled={running}
          >
            {t('payments.batch.run')}
          </button>
        )}
      </header>
      {setsPayments && <PaymentSettingsPanel />}
      {setsPayments && <ReservesPanel />}
      {setsPayments && paysByBankFiles && <BankFileOriginatorPanel />}
      <ListToolbar
        filterLabel={t('payments.list.status-filter')}
        options={filters.map((filter) => ({
          value: filter,
          label: filter === 'all' ? t('payments.list.all') : paymentStatusLabel(t, filter),
        }))}
        selected={status}
        onSelect={setStatus}
        searchLabel={t('payments.list.search')}
        search={search}
        onSearch={setSearch}
        note={
          listed.data &&
          t('payments.list.count', { shown: listed.data.items.length, total: listed.data.total })
        }
      />
      <List
        label={t('payments.list.table-label')}
        columns={columns}
        rows={listed.data?.items ?? []}
        loading={listed.status === 'loading'}
        loadingText={t('payments.list.loading')}
        emptyText={t('payments.list.empty')}
        maxRows={14}
      />
    </section>
  );
}
