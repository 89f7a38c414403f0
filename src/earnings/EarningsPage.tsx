import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { GlobalFilterBar } from '../filters/GlobalFilterBar';
import { useGlobalFilters } from '../filters/useGlobalFilters';
import type { PageProps } from '../routes/types';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { Money } from '../widgets/Money';
import type { PayeeStatementSummary } from '../../api/payeeStatements';
import { listEarnings } from './earningsApi';

type Row = PayeeStatementSummary & { id: string };

const moneyCell = (key: 'earned' | 'recouped' | 'credited' | 'payout') =>
  function MoneyCell({ row }: CellProps<Row>) {
    return <Money amount={row[key]} currency={row.currency} />;
  };

/** /earnings: the signed-in payee's statements, one per approved statement that paid them. */
export function EarningsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [filters] = useGlobalFilters();
  const listed = useLoad((signal) => listEarnings(api, signal), [api], {
    reloadOn: [JSON.stringify(filters)],
  });
  const rows: Row[] = (listed.data?.items ?? []).map((item) => ({
    ...item,
    id: item.statementId,
  }));
  const columns: ListColumn<Row>[] = [
    {
      label: t('payee-statements.list.period'),
      key: 'period',
      linkPath: '/earnings/:id',
      width: 100,
    },
    { label: t('payee-statements.list.distributor'), key: 'distributor', width: 140, flexGrow: 2 },
    { label: t('payee-statements.list.label'), key: 'account', width: 140, flexGrow: 2 },
    {
      label: t('payee-statements.list.earned'),
      key: 'earned',
      component: moneyCell('earned'),
      textAlign: 'right',
    },
    {
      label: t('payee-statements.list.recouped'),
      key: 'recouped',
      component: moneyCell('recouped'),
      textAlign: 'right',
    },
    {
      label: t('payee-statements.list.credited'),
      key: 'credited',
      component: moneyCell('credited'),
      textAlign: 'right',
    },
    {
      label: t('payee-statements.list.payout'),
      key: 'payout',
      component: moneyCell('payout'),
      textAlign: 'right',
    },
  ];
  return (
    <section className="page earnings-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <GlobalFilterBar filters={route.filters ?? []} />
      <List
        columns={columns}
        rows={rows}
        label={t(route.titleKey)}
        loading={listed.status === 'loading'}
        loadingText={t('payee-statements.page.loading')}
        emptyText={t('payee-statements.list.empty')}
      />
    </section>
  );
}
