import { useTranslation } from 'react-i18next';
import { STATUS_KEYS } from './pipeline';

/** A statement's status in the reader's language. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const key = STATUS_KEYS[status];
  return (
    <span className={`statement-status statement-status-${status}`} data-testid="statement-status">
      {key ? t(key) : status}
    </span>
  );
}
