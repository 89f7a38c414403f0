import { useTranslation } from 'react-i18next';
import { canToggleDebug } from '../app/preferences';
import { useServices } from '../app/ServicesContext';
import { useBehaviorSubject } from '../app/useObservable';
import type { Session } from '../../api/session';

/** Debug mode logs every API call; the toggle is for admins and overseers when not emulating. */
export function DebugToggle({ session, collapsed }: { session: Session; collapsed: boolean }) {
  const { t } = useTranslation();
  const { preferences } = useServices();
  const debug = useBehaviorSubject(preferences.debug$);
  if (!canToggleDebug(session)) return null;
  return (
    <label className="debug-toggle" title={t('frame.debug.label')}>
      <input
        type="checkbox"
        role="switch"
        checked={debug}
        onChange={(event) => preferences.setDebug(event.target.checked)}
      />
      {!collapsed && <span>{t('frame.debug.label')}</span>}
    </label>
  );
}
