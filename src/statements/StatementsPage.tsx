import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { streamOf, useLiveReload } from '../live/useLiveReload';
import { useUploadsSucceeded } from '../import/UploadDrawerProvider';
import { actingAs } from '../routes/access';
import type { PageProps } from '../routes/types';
import { useSession } from '../session/useSession';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { TextInput } from '../widgets/TextInput';
import { groupOf } from './pipeline';
import type { Statement } from '../../api/statements';
import { listStatements } from './statementsApi';
import { StatusBadge } from './StatusBadge';
import { RecordsCsvDownload } from './RecordsCsvDownload';
import { originText } from './origin';
import './statements.css';

type Filter = 'all' | 'needs-attention';

function StatusCell({ row }: CellProps<Statement>) {
  return <StatusBadge status={row.status} />;
}

function OriginCell({ row }: CellProps<Statement>) {
  const { t } = useTranslation();
  return <>{originText(t, row)}</>;
}

/** /statements: the queue with its Needs Attention filter, incoming statements and past uploads. */
export function StatementsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { session } = useSession();
  // Admins and overseers see every label's statements: the list names each one's account.
  const roles = session ? actingAs(session).roles : [];
  const seesAccounts = roles.includes('admin') || roles.includes('overseer');
  // `?status=needs-attention` (the dashboard's link) opens the list on its Needs Attention filter.
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<Filter>(() =>
    params.get('status') === 'needs-attention' ? 'needs-attention' : 'all',
  );
  const [search, setSearch] = useState('');
  const statements = useLoad(
    () =>
      listStatements(api, {
        q: search.trim() || undefined,
        status: filter === 'needs-attention' ? 'needs-attention' : undefined,
      }),
    [api, filter, search],
  );
  useUploadsSucceeded(statements.reload);
  useLiveReload(streamOf('statement'), statements.reload, []);

  const columns: ListColumn<Statement>[] = [
    {
      label: t('statements.list.title'),
      key: 'title',
      linkPath: '/statements/:id',
      width: 220,
      flexGrow: 3,
    },
    ...(seesAccounts
      ? [{ label: t('statements.list.account'), key: 'account.name', width: 140 } as const]
      : []),
    { label: t('statements.list.distributor'), key: 'distributor.name', width: 130 },
    // Who uploaded it, or the distributor's own intake: beside the distributor, where it is seen.
    { label: t('statements.list.origin'), key: 'origin', component: OriginCell, width: 160 },
    { label: t('statements.list.period'), key: 'period', width: 90, flexGrow: 0 },
    { label: t('statements.list.status'), key: 'status', component: StatusCell, width: 160 },
    { label: t('statements.list.records'), key: 'records', format: 'number', width: 90 },
    {
      label: t('statements.list.missing-codes'),
      key: 'missingCodes',
      format: 'number',
      width: 110,
    },
    { label: t('statements.list.revenue'), key: 'revenue', format: 'currency', width: 120 },
    { label: t('statements.list.received'), key: 'receivedAt', format: 'date', width: 110 },
  ];

  const all = statements.status === 'ready' ? statements.data.items : [];
  const incoming = all.filter((statement) => groupOf(statement.status) === 'incoming');
  // Past uploads newest first: the month just closed is the one a label looks for.
  const past = all
    .filter((statement) => groupOf(statement.status) === 'past')
    .sort((a, b) => b.receivedAt - a.receivedAt);
  const attention = all.filter((statement) => statement.status === 'needs-attention').length;

  return (
    <section className="page statements-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <div className="statements-toolbar">
        <div className="segmented" role="group" aria-label={t('statements.list.filter')}>
          <button
            type="button"
            className="segmented-option"
            aria-pressed={filter === 'all'}
            onClick={() => setFilter('all')}
          >
            {t('statements.list.all')}
          </button>
          <button
            type="button"
            className="segmented-option"
            aria-pressed={filter === 'needs-attention'}
            onClick={() => setFilter('needs-attention')}
          >
            {t('statements.list.needs-attention')}
          </button>
        </div>
        <TextInput
          label={t('statements.list.search')}
          value={search}
          onChange={setSearch}
          size="small"
        />
      </div>

      {statements.status === 'loading' ? (
        <p className="page-note">{t('statements.list.loading')}</p>
      ) : filter === 'needs-attention' ? (
        <section className="statements-section" data-testid="needs-attention">
          <h2>{t('statements.list.needs-attention')}</h2>
          <p className="page-note">{t('statements.list.needs-attention-note')}</p>
          <List
            label={t('statements.list.needs-attention')}
            columns={columns}
            rows={all}
            emptyText={t('statements.list.none-need-attention')}
          />
        </section>
      ) : (
        <>
          <dl className="statements-summary">
            <div className="card">
              <dt>{t('statements.list.incoming')}</dt>
              <dd>{incoming.length}</dd>
            </div>
            <div className="card">
              <dt>{t('statements.list.needs-attention')}</dt>
              <dd>{attention}</dd>
            </div>
            <div className="card">
              <dt>{t('statements.list.past')}</dt>
              <dd>{past.length}</dd>
            </div>
          </dl>
          <section className="statements-section" data-testid="incoming-statements">
            <h2>{t('statements.list.incoming')}</h2>
            <List
              label={t('statements.list.incoming')}
              columns={columns}
              rows={incoming}
              emptyText={t('statements.list.none-incoming')}
            />
          </section>
          <section className="statements-section" data-testid="past-uploads">
            <h2>{t('statements.list.past')}</h2>
            <List
              label={t('statements.list.past')}
              columns={columns}
              rows={past}
              emptyText={t('statements.list.none-past')}
            />
          </section>
          {/* Staff would name the label first: the download is the label's own. */}
          {!seesAccounts && <RecordsCsvDownload statements={all} />}
        </>
      )}
    </section>
  );
}
