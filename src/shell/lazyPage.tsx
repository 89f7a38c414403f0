import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Preloader } from '../frame/Preloader';
import type { PageProps } from '../routes/types';

/** A page whose code could not be fetched (offline, or the portal was updated meanwhile). */
export function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <p className="page-note" role="alert">
        {t('shell.chunk.failed')}
      </p>
      <p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => window.location.reload()}
        >
          {t('shell.chunk.reload')}
        </button>
      </p>
    </section>
  );
}

/**
 * A page loaded with its own code chunk when first opened. The preloader shows while it loads; a
 * chunk that fails to arrive raises the preload-error event (see `app/preloadError`) and, when the
 * tab is not reloaded, shows a message with a reload button rather than a broken page.
 */
export function lazyPage(load: () => Promise<ComponentType<PageProps>>): ComponentType<PageProps> {
  const Lazy = lazy(() =>
    load().then(
      (Page) => ({ default: Page }),
      () => ({ default: PageLoadFailed as ComponentType<PageProps> }),
    ),
  );
  function LazyPage(props: PageProps) {
    return (
      <Suspense fallback={<Preloader />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}
