import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canOpen } from '../routes/access';
import { routeById } from '../routes/table';
import type { PageProps } from '../routes/types';
import { useSession } from '../session/useSession';

/** What an overseer creates for the accounts they look after (SPEC section 6). */
const OVERSEER_CREATES = ['product-add', 'recoupment-add', 'distributor-add'] as const;

/** /overseer: emulate a user of any account, and the create pages the overseer role opens. */
export function OverseerPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { session } = useSession();
  if (!session) return null;
  const creates = OVERSEER_CREATES.map(routeById).filter((target) => canOpen(target, session));
  return (
    <section className="page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <div className="card">
        <h2>{t('admin.toolkit.title')}</h2>
        <ul className="toolkit-list">
          <li>
            <Link to="?modal=emulate">{t('admin.toolkit.emulate')}</Link>
          </li>
          {creates.map((target) => (
            <li key={target.id}>
              <Link to={target.path}>{t(target.titleKey)}</Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
