import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_KEYS } from '../account/passwordRules';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { Facts } from '../widgets/Facts';
import { TextInput } from '../widgets/TextInput';
import { isSecurePassword } from '../../rules/passwords';
import { isEmail } from '../../rules/profile';
import { useMessageText } from './messages';
import { changePassword, readProfile, requestUsernameChange } from './settingsApi';

type Failure = { message: string; fields: Record<string, string> };

/** The username (an e-mail, changed through a link sent to the new address) and the password. */
export function LoginSection() {
  const { t } = useTranslation();
  const { api } = useServices();
  const loaded = useLoad((signal) => readProfile(api, signal), [api]);
  if (!loaded.data) return null;
  const { username, pendingUsername, editable } = loaded.data;
  return (
    <div className="settings-form">
      <Facts
        items={[
          [t('settings.login.username'), username ?? '—'],
          ...(pendingUsername
            ? [[t('settings.login.pending'), pendingUsername] as [string, string]]
            : []),
        ]}
      />
      {editable && <UsernameForm onSent={loaded.reload} />}
      {editable && <PasswordForm />}
    </div>
  );
}

function UsernameForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const text = useMessageText();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Failure>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailError = username.trim() && !isEmail(username.trim()) ? text.rule('email') : null;
  const ready = !!username.trim() && !!password && !emailError;
  const send = async () => {
    setFailure(undefined);
    try {
      const sent = await requestUsernameChange(api, { username, password });
      setSentTo(sent.pendingUsername);
      setPassword('');
      onSent();
    } catch (error) {
      setFailure(text.failure(error));
    }
  };
  return (
    <form
      className="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void send();
      }}
    >
      <fieldset>
        <legend>{t('settings.login.change-username')}</legend>
        <TextInput
          label={t('settings.login.new-username')}
          value={username}
          onChange={setUsername}
          error={emailError ?? failure?.fields.username ?? null}
          type="email"
          autoComplete="email"
        />
        <TextInput
          label={t('settings.login.password')}
          value={password}
          onChange={setPassword}
          error={failure?.fields.password ?? null}
          type="password"
          autoComplete="current-password"
        />
        {failure && !failure.fields.username && !failure.fields.password && (
          <p className="field-error" role="alert">
            {failure.message}
          </p>
        )}
        {sentTo && (
          <p className="settings-saved" role="status">
            {t('settings.login.link-sent', { username: sentTo })}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={!ready}>
            {t('settings.login.send-link')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const { api } = useServices();
  const text = useMessageText();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [failure, setFailure] = useState<Failure>();
  const [changed, setChanged] = useState(false);
  const ruleError = next && !isSecurePassword(next) ? text.rule('passwordRule') : null;
  const matchError = confirmation && confirmation !== next ? text.rule('passwordsMustMatch') : null;
  const ready = !!current && !!next && !!confirmation && !ruleError && !matchError;
  const change = async () => {
    setFailure(undefined);
    setChanged(false);
    try {
      await changePassword(api, { currentPassword: current, newPassword: next, confirmation });
      setCurrent('');
      setNext('');
      setConfirmation('');
      setChanged(true);
    } catch (error) {
      setFailure(text.failure(error));
    }
  };
  return (
    <form
      className="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void change();
      }}
    >
      <fieldset>
        <legend>{t('settings.login.change-password')}</legend>
        <TextInput
          label={t('settings.login.current-password')}
          value={current}
          onChange={setCurrent}
          error={failure?.fields.currentPassword ?? null}
          type="password"
          autoComplete="current-password"
        />
        <TextInput
          label={t('settings.login.new-password')}
          value={next}
          onChange={setNext}
          error={ruleError ?? failure?.fields.newPassword ?? null}
          hint={t(PASSWORD_KEYS.passwordRule)}
          type="password"
          autoComplete="new-password"
        />
        <TextInput
          label={t('settings.login.confirm-password')}
          value={confirmation}
          onChange={setConfirmation}
          error={matchError ?? failure?.fields.confirmation ?? null}
          type="password"
          autoComplete="new-password"
        />
        {changed && (
          <p className="settings-saved" role="status">
            {t('settings.login.password-changed')}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={!ready}>
            {t('settings.login.save-password')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
