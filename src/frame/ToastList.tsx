import { X } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import type { ToastRef } from '../../machines/toastsMachine';

function ToastRow({ toastRef }: { toastRef: ToastRef }) {
  const { t } = useTranslation();
  const toast = useSelector(toastRef, (state) => state.context);
  return (
    <div
      className={`toast toast-${toast.type}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-testid="toast"
    >
      <div className="toast-body">
        {toast.title && <strong className="toast-title">{toast.title}</strong>}
        <span>{toast.content}</span>
      </div>
      {toast.cancelable !== false && (
        <button
          type="button"
          className="icon-button"
          aria-label={t('frame.toast.close')}
          onClick={() => toastRef.send({ type: 'toast.close' })}
        >
          <X size={16} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

export function ToastList() {
  const { toasts } = useServices();
  const items = useSelector(toasts, (state) => state.context.items);
  return (
    <div className="toast-list" aria-live="polite">
      {items.map((item) => (
        <ToastRow key={item.toast.id} toastRef={item.ref} />
      ))}
    </div>
  );
}
