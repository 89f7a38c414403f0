import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import type { PageProps } from '../routes/types';
import { List } from '../widgets/list/List';
import type { ListColumn } from '../widgets/list/columns';
import { Money } from '../widgets/Money';
import { ListToolbar } from '../widgets/ListToolbar';
import { recoupmentStatuses, type Recoupment } from '../../api/recoupments';
import { openBalances } from './balances';
import { enumLabel } from './labels';
import {
  AmountCell,
  DebtorsCell,
  ProgressCell,
  RecoupedCell,
  RemainingCell,
  StatusCell,
  TypeCell,
} from './RecoupmentCells';
import { listRecoupments } from './recoupmentsApi';
import { RecoupmentDialog } from './RecoupmentDialog';
import { useRecoupmentEditing } from './useRecoupmentEditing';
import { GlobalFilterBar } from '../filters/GlobalFilterBar';
import { useGlobalFilters } from '../filters/useGlobalFilters';
import '../widgets/pageParts.css';
import './recoupments.css';

/** The most open recoupments the balance sums: the most one read of the list may take. */
const OPEN_BALANCE_LIMIT = 1000;

type StatusFilter = (typeof recoupmentStatuses)[number] | 'current';

/** /recoupments: searchable by title or tag, filtered by status, with the open balance above. */
export function RecoupmentsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('current');
  const editing = useRecoupmentEditing();
  // The global filters (timeframe, artist) live in the address; the client appends them.
  const [globalFilters] = useGlobalFilters();
  const filterKey = JSON.stringify(globalFilters);
  const [creating, setCreating] = useState(false);
  const listed = useLoad(
    (signal) =>
      listRecoupments(
        api,
        { q: search.trim() || undefined, status: status === 'current' ? undefined : status },
        signal,
      ),
    [api, search, status],
    { reloadOn: [filterKey] },
  );
  // The balance counts every open recoupment, whatever the search and status filter show.
  const open = useLoad(
    (signal) => listRecoupments(api, { status: 'open', limit: OPEN_BALANCE_LIMIT }, signal),
    [api],
    { reloadOn: [filterKey] },
  );
  const balances = open.data ? openBalances(open.data.items) : [];

  const columns: ListColumn<Recoupment>[] = [
    {
      label: t('recoupments.list.title'),
      key: 'title',
      linkPath: '/recoupments/:id',
      width: 200,
      flexGrow: 2,
    },
    { label: t('recoupments.list.type'), key: 'type', component: TypeCell, width: 100 },
    { label: t('recoupments.list.creditor'), key: 'creditor.fullname', width: 140 },
    { label: t('recoupments.list.debtors'), key: 'debtors', component: DebtorsCell, width: 160 },
    { label: t('recoupments.list.amount'), key: 'amount', component: AmountCell, width: 110 },
    { label: t('recoupments.list.recouped'), key: 'recouped', component: RecoupedCell, width: 110 },
    {
      label: t('recoupments.list.remaining'),
      key: 'remaining',
      component: RemainingCell,
      width: 110,
    },
    { label: t('recoupments.list.progress'), key: 'recouped', component: ProgressCell, width: 110 },
    { label: t('recoupments.list.status'), key: 'status', component: StatusCell, width: 90 },
  ];
  const filters: StatusFilter[] = ['current', ...recoupmentStatuses];

  return (
    <section className="page recoupments-page">
      <header className="recoup-head">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        {editing === 'pages' && (
          <Link className="button button-primary" to="/recoupments/add">
            {t('recoupments.dialog.new')}
          </Link>
        )}
        {editing === 'dialog' && (
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            {t('recoupments.dialog.new')}
          </button>
        )}
      </header>
      {creating && (
        <RecoupmentDialog
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            listed.reload();
            open.reload();
          }}
        />
      )}
      <section className="card recoup-balance" aria-labelledby="recoup-open-balance">
        <h2 id="recoup-open-balance" className="section-title">
          {t('recoupments.list.open-balance')}
        </h2>
        {open.status === 'loading' ? (
          <p className="page-note">{t('recoupments.list.loading')}</p>
        ) : balances.length === 0 ? (
          <p className="page-note">{t('recoupments.list.no-open-balance')}</p>
        ) : (
          <ul className="recoup-balance-list" data-testid="open-balance">
            {balances.map((balance) => (
              <li key={balance.currency}>
                <Money amount={balance.amount} currency={balance.currency} />
              </li>
            ))}
          </ul>
        )}
        {open.data && open.data.total > open.data.items.length && (
          <p className="page-note">
            {t('recoupments.list.balance-partial', { count: open.data.items.length })}
          </p>
        )}
      </section>
      <GlobalFilterBar filters={route.filters ?? []} />
      <ListToolbar
        filterLabel={t('recoupments.list.status-filter')}
        options={filters.map((filter) => ({
          value: filter,
          label:
            filter === 'current' ? t('recoupments.list.current') : enumLabel(t, 'status', filter),
        }))}
        selected={status}
        onSelect={setStatus}
        searchLabel={t('recoupments.list.search')}
        search={search}
        onSearch={setSearch}
        note={
          listed.data &&
          t('recoupments.list.count', {
            shown: listed.data.items.length,
            total: listed.data.total,
          })
        }
      />
      <List
        label={t('recoupments.list.table-label')}
        columns={columns}
        rows={listed.data?.items ?? []}
        loading={listed.status === 'loading'}
        loadingText={t('recoupments.list.loading')}
        emptyText={t('recoupments.list.empty')}
        maxRows={14}
      />
    </section>
  );
}
