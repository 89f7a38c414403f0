import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountLinkPurpose } from '../../api/accountLinks';
import { LINK_PAGES } from '../account/linkPages';
import { SUPPORT_EMAIL } from '../account/supportEmail';
import { passwordProblems } from '../account/passwordRules';
import { useLinkFailure } from '../account/useLinkFailure';
import { useServices } from '../app/ServicesContext';
import type { PageProps } from '../routes/types';
import { TextInput } from '../widgets/TextInput';

type Status = { kind: 'editing' } | { kind: 'saving' } | { kind: 'done'; username: string };

/** /service/password, /service/claim and /service/account: the e-mailed link sets a password. */
export function CompleteLinkPage({ route, purpose }: PageProps & { purpose: AccountLinkPurpose }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const describeFailure = useLinkFailure();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const texts = LINK_PAGES[purpose];
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const [serverFailure, setFailure] = useState<string | null>(null);
  const failure = serverFailure ?? (token ? null : t(texts.missingToken, { email: SUPPORT_EMAIL }));

  const problems = passwordProblems(password, confirmation);
  const translated = (key: string | null) => (key ? t(key) : null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!token || problems.password || problems.confirmation) return;
    setFailure(null);
    setStatus({ kind: 'saving' });
    api.completeAccountLink(purpose, token, password).then(
      (answer) => setStatus({ kind: 'done', username: answer.username }),
      (error: unknown) => {
        setFailure(describeFailure(error));
        setStatus({ kind: 'editing' });
      },
    );
  };

  return (
    <section className="public-card">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      {status.kind === 'done' ? (
        <>
          <p className="alert alert-success" role="status">
            {t(texts.done, { email: status.username })}
          </p>
          <Link className="button button-primary" to="/login">
            {t('account.link.go-to-login')}
          </Link>
        </>
      ) : (
        <>
          <p className="page-note">{t(texts.completeIntro)}</p>
          {failure && (
            <div className="alert alert-error" role="alert">
              <span>{failure}</span>{' '}
              <Link to={texts.requestAgainPath}>{t('account.link.request-again')}</Link>
            </div>
          )}
          <form className="form" onSubmit={submit} noValidate>
            <TextInput
              label={t('account.password.new')}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint={t('account.password.rule')}
              value={password}
              onChange={setPassword}
              validator={(value) =>
                value ? translated(passwordProblems(value, value).password) : null
              }
              error={submitted ? translated(problems.password) : null}
            />
            <TextInput
              label={t('account.password.confirm')}
              name="confirmation"
              type="password"
              autoComplete="new-password"
              required
              value={confirmation}
              onChange={setConfirmation}
              validator={(value) =>
                value ? translated(passwordProblems(password, value).confirmation) : null
              }
              error={submitted ? translated(problems.confirmation) : null}
            />
            <button
              className="button button-primary"
              type="submit"
              disabled={status.kind === 'saving' || !token}
            >
              {t(texts.submit)}
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
