import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes/types';
import { BusinessSections } from './BusinessSections';

/** The account page: its business sections (the personal profile sections join them). */
export function SettingsPage({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <BusinessSections />
    </section>
  );
}
