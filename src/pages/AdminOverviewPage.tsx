import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '../routes/types';

/** The admin toolkit: emulate an account, and the developer UI kit. */
export function AdminOverviewPage({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <div className="card">
        <h2>{t('admin.toolkit.title')}</h2>
        <ul className="toolkit-list">
          <li>
            <Link to="?modal=emulate">{t('admin.toolkit.emulate')}</Link>
          </li>
          <li>
            <Link to="/admin/account">{t('admin-account.toolkit.link')}</Link>
          </li>
          <li>
            <Link to="/admin/uikit">{t('admin.toolkit.uikit')}</Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
