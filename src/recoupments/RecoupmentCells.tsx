import { useTranslation } from 'react-i18next';
import type { CellProps } from '../widgets/list/columns';
import { Money } from '../widgets/Money';
import type { Recoupment } from '../../api/recoupments';
import { recoupedPercent } from './balances';
import { enumLabel } from './labels';
import { badgeClass, toneOf } from '../widgets/tones';

/** The recouped share of the amount as a bar, read out by screen readers as a percentage. */
export function RecoupedProgress({ recoupment }: { recoupment: Recoupment }) {
  const { t } = useTranslation();
  const percent = recoupedPercent(recoupment);
  return (
    <div
      className="recoup-progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={t('recoupments.list.progress-label', { title: recoupment.title })}
    >
      <div className="recoup-progress-bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

export const ProgressCell = ({ row }: CellProps<Recoupment>) => (
  <RecoupedProgress recoupment={row} />
);

export const AmountCell = ({ row }: CellProps<Recoupment>) => (
  <Money amount={row.amount} currency={row.currency} />
);

export const RecoupedCell = ({ row }: CellProps<Recoupment>) => (
  <Money amount={row.recouped} currency={row.currency} />
);

export const RemainingCell = ({ row }: CellProps<Recoupment>) => (
  <Money amount={row.remaining} currency={row.currency} />
);

export function TypeCell({ row }: CellProps<Recoupment>) {
  const { t } = useTranslation();
  return <>{enumLabel(t, 'type', row.type)}</>;
}

/** The contract's status union reads as never in TypeScript, so the status comes in as text. */
export function StatusLabel({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`recoup-status ${badgeClass(toneOf('recoupment', status))}`}>
      {enumLabel(t, 'status', status)}
    </span>
  );
}

export const StatusCell = ({ row }: CellProps<Recoupment>) => <StatusLabel status={row.status} />;

export const DebtorsCell = ({ row }: CellProps<Recoupment>) => (
  <>{row.debtors.map((debtor) => debtor.fullname).join(', ')}</>
);
