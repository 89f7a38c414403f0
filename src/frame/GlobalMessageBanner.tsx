import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useBehaviorSubject } from '../app/useObservable';

/** The application root's global message (title, message, type), shown until closed. */
export function GlobalMessageBanner() {
  const { t } = useTranslation();
  const { preferences } = useServices();
  const message = useBehaviorSubject(preferences.globalMessage$);
  if (!message) return null;
  return (
    <div className={`global-message global-message-${message.type}`} role="status">
      <div>
        <strong className="global-message-title">{message.title}</strong> {message.message}
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={t('frame.toast.close')}
        onClick={() => preferences.showMessage(null)}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
