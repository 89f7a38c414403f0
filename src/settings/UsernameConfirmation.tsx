import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useMessageText } from './messages';
import { confirmUsernameChange } from './settingsApi';
import { useSessionRefresh } from './useSessionRefresh';

/**
 * The e-mailed link opens /settings?confirm-username=<token>: used here, by the person signed in,
 * and taken out of the address so a reload does not try it again.
 */
export function UsernameConfirmation() {
  const { t } = useTranslation();
  const { api } = useServices();
  const text = useMessageText();
  const refreshSession = useSessionRefresh();
  const [params, setParams] = useSearchParams();
  const token = params.get('confirm-username');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    setParams(
      (current) => {
        current.delete('confirm-username');
        return current;
      },
      { replace: true },
    );
    confirmUsernameChange(api, token).then(
      async (done) => {
        setOutcome({
          ok: true,
          message: t('settings.login.confirmed', { username: done.username }),
        });
        await refreshSession();
      },
      (error: unknown) => setOutcome({ ok: false, message: text.failure(error).message }),
    );
  }, [token, api, setParams, t, text, refreshSession]);

  if (!outcome) return null;
  return (
    <p
      className={outcome.ok ? 'settings-saved' : 'field-error'}
      role={outcome.ok ? 'status' : 'alert'}
    >
      {outcome.message}
    </p>
  );
}
