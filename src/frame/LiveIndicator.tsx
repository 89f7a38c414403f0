import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useBehaviorSubject } from '../app/useObservable';

/** Says so while the live stream is down: the page shows what it read last, reconnecting meanwhile. */
export function LiveIndicator() {
  const { t } = useTranslation();
  const { live } = useServices();
  const status = useBehaviorSubject(live.status$);
  if (status !== 'down') return null;
  return (
    <span className="live-indicator" role="status" data-testid="live-indicator">
      {t('live.status.paused')}
    </span>
  );
}
