import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { readLoginMessages } from '../frame/messagesApi';
import { safeRedirect } from '../routes/access';
import { SUPPORT_EMAIL } from '../account/supportEmail';
import { useServerText } from '../i18n/serverText';
import { useSession } from '../session/useSession';
import type { PageProps } from '../routes/types';

export function LoginPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { session: actor, api } = useServices();
  const [params] = useSearchParams();
  // Sent here from an application page: the way back to it (SPEC section 2's link).
  const back = safeRedirect(params.get('redirect'));
  const announcements = useLoad((signal) => readLoginMessages(api, signal), [api]);
  const posted = announcements.data?.items ?? [];
  const { busy, loginError } = useSession();
  const serverText = useServerText({ email: SUPPORT_EMAIL });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'session.login', username: username.trim(), password });
  };

  return (
    <section className="public-card">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      {announcements.status === 'loading' ? null : posted.length === 0 ? (
        <p className="login-announcement">{t('login.announcement.text')}</p>
      ) : (
        posted.map((message) => (
          <p
            key={message.id}
            className={`login-announcement login-announcement-${message.type}`}
            role="status"
          >
            <strong>{message.title}</strong> {message.message}
          </p>
        ))
      )}
      {loginError && (
        <div className="alert alert-error" role="alert">
          {loginError.title && (
            <strong className="alert-title">{serverText(loginError.title)}</strong>
          )}
          <span>{serverText(loginError.message)}</span>
        </div>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field-label">{t('login.form.username')}</span>
          <input
            className="input"
            name="username"
            type="email"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field-label">{t('login.form.password')}</span>
          <input
            className="input"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <button
          className="button button-primary"
          type="submit"
          disabled={busy || !username.trim() || !password}
        >
          {busy ? t('login.form.submitting') : t('login.form.submit')}
        </button>
      </form>
      <p className="login-links">
        <Link to="/reset">{t('login.links.forgot-password')}</Link>
        <Link to="/claim">{t('login.links.claim-account')}</Link>
      </p>
      {back && (
        // A whole page load: signed in meanwhile (another tab), the person is back at once.
        <a className="button button-secondary login-back" href={back}>
          {t('pages.not-found.back')}
        </a>
      )}
    </section>
  );
}
