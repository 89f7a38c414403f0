import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes/types';

/** A declared route whose page a later issue builds: its title and a note, never made-up data. */
export function PlaceholderPage({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <section className={route.kind === 'public' ? 'public-card' : 'page'}>
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <p className="page-note">{t('pages.placeholder.later-issue')}</p>
    </section>
  );
}
