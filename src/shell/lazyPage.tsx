import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Preloader } from '../frame/Preloader';
import { loadAllEnglish } from '../i18n/lazy';
import type { PageProps } from '../routes/types';

/** A page that cannot be shown: what happened, and a button that reloads it. */
export function ReloadPage({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <p className="page-note" role="alert">
        {message}
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

/** A page whose code could not be fetched (offline, or the portal was updated meanwhile). */
export function PageLoadFailed() {
  const { t } = useTranslation();
  return <ReloadPage message={t('shell.chunk.failed')} />;
}

/** A component whose code arrives on demand; `preload` starts fetching it before it renders. */
export type LazyComponent<Props> = ComponentType<Props> & { preload: () => void };

/**
 * A component loaded with its own code chunk, and the English texts it shows, when first shown (or
 * preloaded). The preloader (or the fallback given) shows while it loads; a chunk that fails to
 * arrive raises the preload-error event (see `app/preloadError`) and, when the tab is not
 * reloaded, shows a message with a reload button rather than a broken page.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  {
    fallback = <Preloader />,
    texts = loadAllEnglish,
  }: {
    fallback?: ReactNode;
    /** Fetches the English texts it shows: all of them unless it names a smaller part. */
    texts?: () => Promise<void>;
  } = {},
): LazyComponent<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const loadOnce = () =>
    // Its texts come with it: the first download holds only the English the login page shows.
    (loading ??= Promise.all([load(), texts()]).then(
      ([Component]) => ({ default: Component }),
      () => ({ default: PageLoadFailed as ComponentType<Props> }),
    ));
  const Lazy = lazy(loadOnce);
  function LazyLoaded(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyLoaded, { preload: () => void loadOnce() });
}

/** A page loaded with its own code chunk when first opened (see `lazyComponent`). */
export function lazyPage(
  load: () => Promise<ComponentType<PageProps>>,
  options?: Parameters<typeof lazyComponent>[1],
): LazyComponent<PageProps> {
  return lazyComponent(load, options);
}
