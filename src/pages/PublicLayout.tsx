import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../frame/LanguageSelect';

/** The frame of logged-out pages: brand above a centred card. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <main className="public-page">
      <p className="public-brand">{t('app.brand.name')}</p>
      <Outlet />
      <LanguageSelect />
    </main>
  );
}
