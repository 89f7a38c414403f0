import { useTranslation } from 'react-i18next';
import { badgeClass, toneOf } from '../widgets/tones';
import { STATUS_KEYS } from './pipeline';

/** A statement's status in the reader's language. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const key = STATUS_KEYS[status];
  return (
    <span
      className={`statement-status statement-status-${status} ${badgeClass(toneOf('statement', status))}`}
      data-testid="statement-status"
    >
      {key ? t(key) : status}
    </span>
  );
}
