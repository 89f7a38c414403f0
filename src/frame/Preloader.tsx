import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC section 9: the preloader waits 500 ms before showing, so quick loads do not flash. */
export const PRELOADER_DELAY_MS = 500;

export function Preloader({ delayMs = PRELOADER_DELAY_MS }: { delayMs?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="preloader" role="status" aria-live="polite">
      <span className="preloader-spinner" aria-hidden="true" />
      <span>{t('frame.preloader.loading')}</span>
    </div>
  );
}
