import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { copyToClipboard } from './copyToClipboard';

/** A small button copying `text` (an id, a reference) and confirming it in a 2 s toast. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      aria-label={label}
      title={label}
      onClick={() =>
        void copyToClipboard(text, {
          clipboard: typeof navigator === 'undefined' ? undefined : navigator.clipboard,
          notify: (toast) => toasts.send({ type: 'toast.add', toast }),
          messages: { done: t('shell.copy.done'), failed: t('shell.copy.failed') },
        })
      }
    >
      {t('shell.copy.button')}
    </button>
  );
}
