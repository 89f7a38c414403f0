import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Preloader } from '../frame/Preloader';
import { loadAllEnglish } from '../i18n/lazy';

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
 *
 * Not React's `lazy` and `Suspense`: React holds content that ends a suspense back until 300 ms
 * after the fallback showed, to spare nested fallbacks a flash. With the frame and the page loading
 * side by side, that held every page opened anew about 300 ms after its code was in, with the
 * browser idle. Here the fallback is drawn while the code loads, outside any suspense, and the
 * component as soon as its code is in.
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
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () =>
    // Its texts come with it: the first download holds only the English the login page shows.
    (loading ??= Promise.all([load(), texts()]).then(
      ([Component]) => (loaded = Component),
      () => (loaded = PageLoadFailed as ComponentType<Props>),
    ));
  function LazyLoaded(props: Props) {
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (Component) return;
      let shown = true;
      void loadOnce().then((arrived) => {
        if (shown) setComponent(() => arrived);
      });
      return () => {
        shown = false;
      };
    }, [Component]);
    if (!Component) return fallback;
    // Anything inside that suspends (texts of a language on their way) still has its boundary.
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyLoaded, { preload: () => void loadOnce() });
}
