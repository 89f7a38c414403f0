import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The public full-page 404 of SPEC section 2. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="public-page not-found">
      <section className="public-card">
        <h1 className="not-found-title">{t('pages.not-found.title')}</h1>
        <p className="page-note">{t('pages.not-found.message')}</p>
        <Link className="button button-secondary" to="/">
          {t('pages.not-found.back')}
        </Link>
      </section>
    </main>
  );
}
