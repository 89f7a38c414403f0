import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLinkFailure } from '../account/useLinkFailure';
import { useServices } from '../app/ServicesContext';
import type { PageProps } from '../routes/types';

type Status = { kind: 'asking' } | { kind: 'accepting' } | { kind: 'accepted'; label: string };

/** /service/invitation: a person of another account accepts to be paid through a label. */
export function InvitationPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const describeFailure = useLinkFailure();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [status, setStatus] = useState<Status>({ kind: 'asking' });
  const [failure, setFailure] = useState<string | null>(null);
  const shownFailure = failure ?? (token ? null : t('account.invitation.missing-token'));

  const accept = () => {
    setFailure(null);
    setStatus({ kind: 'accepting' });
    api.acceptPayeeInvitation(token).then(
      (answer) => setStatus({ kind: 'accepted', label: answer.accountName }),
      (error: unknown) => {
        setFailure(describeFailure(error));
        setStatus({ kind: 'asking' });
      },
    );
  };

  return (
    <section className="public-card">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      {status.kind === 'accepted' ? (
        <>
          <p className="alert alert-success" role="status">
            {t('account.invitation.accepted', { label: status.label })}
          </p>
          <Link className="button button-primary" to="/login">
            {t('account.link.go-to-login')}
          </Link>
        </>
      ) : (
        <>
          <p className="page-note">{t('account.invitation.intro')}</p>
          {shownFailure && (
            <div className="alert alert-error" role="alert">
              {shownFailure}
            </div>
          )}
          <button
            className="button button-primary"
            type="button"
            onClick={accept}
            disabled={!token || status.kind === 'accepting'}
          >
            {status.kind === 'accepting'
              ? t('account.invitation.accepting')
              : t('account.invitation.accept')}
          </button>
        </>
      )}
    </section>
  );
}
