import { useTranslation } from 'react-i18next';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { Money } from '../widgets/Money';
import type { Remittance } from '../../api/recoupments';

interface RemittanceRow extends Remittance {
  id: string;
  currency: string;
}

function DebtorCell({ row }: CellProps<RemittanceRow>) {
  const { t } = useTranslation();
  return <>{row.debtor ? row.debtor.fullname : t('recoupments.remittances.off-the-top')}</>;
}

const AmountCell = ({ row }: CellProps<RemittanceRow>) => (
  <Money amount={row.amount} currency={row.currency} />
);

/** What each approved statement repaid, debtor by debtor, in the order the statements chained. */
export function RemittancesList({
  remittances,
  currency,
}: {
  remittances: readonly Remittance[];
  currency: string;
}) {
  const { t } = useTranslation();
  const rows: RemittanceRow[] = remittances.map((remittance, index) => ({
    ...remittance,
    // A statement repays once per debtor: the position keeps the row ids apart.
    id: `${remittance.statementId}-${index}`,
    currency,
  }));
  const columns: ListColumn<RemittanceRow>[] = [
    { label: t('recoupments.remittances.period'), key: 'period', width: 90, flexGrow: 0 },
    {
      label: t('recoupments.remittances.statement'),
      key: 'statementTitle',
      linkPath: '/statements/:id',
      linkKey: 'statementId',
      width: 220,
      flexGrow: 2,
    },
    {
      label: t('recoupments.remittances.debtor'),
      key: 'debtor.fullname',
      component: DebtorCell,
      width: 160,
    },
    {
      label: t('recoupments.remittances.amount'),
      key: 'amount',
      component: AmountCell,
      width: 120,
      textAlign: 'right',
    },
  ];
  return (
    <List
      label={t('recoupments.remittances.heading')}
      columns={columns}
      rows={rows}
      emptyText={t('recoupments.remittances.empty')}
    />
  );
}
