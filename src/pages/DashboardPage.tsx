import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { RoleLabel } from '../frame/RoleLabel';
import type { PageProps } from '../routes/types';

/** The signed-in landing: who is signed in, for which account, with which roles. */
export function DashboardPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { session } = useSession();
  if (!session) return null;
  return (
    <section className="page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <div className="card">
        <p className="welcome" data-testid="welcome-name">
          {t('dashboard.welcome.signed-in-as', { name: session.fullname })}
        </p>
        <dl className="facts">
          <dt>{t('dashboard.facts.account')}</dt>
          <dd>{session.account.name}</dd>
          <dt>{t('dashboard.facts.roles')}</dt>
          <dd>
            <ul className="role-list">
              {session.roles.map((role) => (
                <li key={role} className="role-chip">
                  <RoleLabel role={role} />
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      </div>
    </section>
  );
}
