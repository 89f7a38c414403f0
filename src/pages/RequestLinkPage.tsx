import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountLinkPurpose } from '../../api/accountLinks';
import { LINK_PAGES } from '../account/linkPages';
import { useLinkFailure } from '../account/useLinkFailure';
import { useServices } from '../app/ServicesContext';
import type { PageProps } from '../routes/types';
import { TextInput } from '../widgets/TextInput';

type Status = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent'; username: string };

/** /reset and /claim: asks for the username and e-mails a single-use link. */
export function RequestLinkPage({ route, purpose }: PageProps & { purpose: AccountLinkPurpose }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const describeFailure = useLinkFailure();
  const texts = LINK_PAGES[purpose];
  const [username, setUsername] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = username.trim();
    if (!wanted) return;
    setFailure(null);
    setStatus({ kind: 'sending' });
    api.requestAccountLink(purpose, wanted).then(
      () => setStatus({ kind: 'sent', username: wanted }),
      (error: unknown) => {
        setFailure(describeFailure(error));
        setStatus({ kind: 'editing' });
      },
    );
  };

  return (
    <section className="public-card">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      {status.kind === 'sent' ? (
        <p className="alert alert-success" role="status">
          {t(texts.requestSent, { email: status.username })}
        </p>
      ) : (
        <>
          <p className="page-note">{t(texts.requestIntro)}</p>
          {failure && (
            <div className="alert alert-error" role="alert">
              {failure}
            </div>
          )}
          <form className="form" onSubmit={submit} noValidate>
            <TextInput
              label={t('login.form.username')}
              name="username"
              type="email"
              autoComplete="username"
              required
              value={username}
              onChange={setUsername}
            />
            <button
              className="button button-primary"
              type="submit"
              disabled={status.kind === 'sending'}
            >
              {status.kind === 'sending' ? t('account.link.sending') : t('account.link.send')}
            </button>
          </form>
        </>
      )}
      <p className="login-links">
        <Link to="/login">{t('account.link.back-to-login')}</Link>
      </p>
    </section>
  );
}
