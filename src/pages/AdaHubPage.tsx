import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { externalUrlOf, opensNewTab } from '../routes/access';
import type { PageProps } from '../routes/types';

/**
 * /ada, the partner music hub (SPEC section 2). The install gives its address through the session:
 * an http address opens in a new tab (with a link if the browser blocks it), a path is followed
 * here. Without one the page says the hub is not set up and leads back home.
 */
export function AdaHubPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { session } = useSession();
  const url = session ? externalUrlOf(route, session) : null;
  // Strict mode runs effects twice: the hub opens once.
  const opened = useRef(false);

  useEffect(() => {
    if (!url || opened.current) return;
    opened.current = true;
    if (opensNewTab(url)) window.open(url, '_blank', 'noopener,noreferrer');
    else window.location.assign(url);
  }, [url]);

  return (
    <section className="page" aria-labelledby="ada-hub-title">
      <h1 id="ada-hub-title" className="page-title">
        {t(route.titleKey)}
      </h1>
      {!url ? (
        <p className="page-note" role="status">
          {t('shell.ada-hub.not-set-up')}
        </p>
      ) : opensNewTab(url) ? (
        <p className="page-note">
          {t('shell.ada-hub.new-tab')}{' '}
          <a href={url} target="_blank" rel="noopener noreferrer">
            {t('shell.ada-hub.open')}
          </a>
        </p>
      ) : (
        <p className="page-note">{t('frame.redirect.leaving')}</p>
      )}
      <p>
        <Link className="button button-secondary" to="/dashboard">
          {t('shell.ada-hub.back')}
        </Link>
      </p>
    </section>
  );
}
