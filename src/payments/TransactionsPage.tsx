import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { streamOf, useLiveReload } from '../live/useLiveReload';
import type { PageProps } from '../routes/types';
import { List } from '../widgets/list/List';
import type { ListColumn } from '../widgets/list/columns';
import { ListToolbar } from '../widgets/ListToolbar';
import { transactionStatuses, type Transaction, type TransactionStatus } from '../../api/payments';
import { transactionStatusLabel } from './labels';
import { transactionColumns } from './PaymentCells';
import { downloadTransactions, listTransactions } from './paymentsApi';
import '../widgets/pageParts.css';
import './payments.css';

type StatusFilter = TransactionStatus | 'all';

/** /transactions: every transfer a payment made or will make, and all of them as a CSV file. */
export function TransactionsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [downloading, setDownloading] = useState(false);
  const query = useMemo(
    () => ({ q: search.trim() || undefined, status: status === 'all' ? undefined : status }),
    [search, status],
  );
  const listed = useLoad((signal) => listTransactions(api, query, signal), [api, query]);
  useLiveReload(streamOf('payment'), listed.reload, []);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadTransactions(api, query);
    } catch {
      // The API client has shown the failure.
    } finally {
      setDownloading(false);
    }
  };

  const columns: ListColumn<Transaction>[] = [
    {
      label: t('transactions.list.created'),
      key: 'createdAt',
      format: 'date',
      width: 100,
      flexGrow: 0,
    },
    {
      label: t('transactions.list.payee'),
      key: 'payeeName',
      linkPath: '/transactions/:id',
      width: 160,
      flexGrow: 2,
    },
    ...transactionColumns(t),
  ];
  const filters: StatusFilter[] = ['all', ...transactionStatuses];

  return (
    <section className="page transactions-page">
      <header className="recoup-head">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void download()}
          disabled={downloading}
        >
          {t('transactions.list.download')}
        </button>
      </header>
      <ListToolbar
        filterLabel={t('transactions.list.status-filter')}
        options={filters.map((filter) => ({
          value: filter,
          label: filter === 'all' ? t('transactions.list.all') : transactionStatusLabel(t, filter),
        }))}
        selected={status}
        onSelect={setStatus}
        searchLabel={t('transactions.list.search')}
        search={search}
        onSearch={setSearch}
        note={
          listed.data &&
          t('transactions.list.count', {
            shown: listed.data.items.length,
            total: listed.data.total,
          })
        }
      />
      <List
        label={t('transactions.list.table-label')}
        columns={columns}
        rows={listed.data?.items ?? []}
        loading={listed.status === 'loading'}
        loadingText={t('transactions.list.loading')}
        emptyText={t('transactions.list.empty')}
        maxRows={14}
      />
    </section>
  );
}
