import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { UploadDrawerRef } from '../../machines/uploadDrawerMachine';

interface UploadDrawerHolder {
  /** The application's one upload drawer, once an import page has made it. */
  drawer: UploadDrawerRef | null;
  /** Starts `made` and keeps it for the application's life, unless a drawer is kept already. */
  keep: (made: UploadDrawerRef) => void;
}

const UploadDrawerContext = createContext<UploadDrawerHolder | null>(null);

/**
 * Holds the application's one upload drawer actor: it outlives pages, so uploads go on while
 * browsing. The import page makes it (useStartedUploadDrawer), so that the drawer's machines and
 * the upload's code load with that page and not for every signed-in screen.
 */
export function UploadDrawerProvider({ children }: { children: ReactNode }) {
  const [drawer, setDrawer] = useState<UploadDrawerRef | null>(null);
  const kept = useRef<UploadDrawerRef | null>(null);
  const keep = useCallback((made: UploadDrawerRef) => {
    if (kept.current !== null) return;
    kept.current = made;
    made.start();
    setDrawer(made);
  }, []);
  useEffect(
    () => () => {
      kept.current?.stop();
      kept.current = null;
    },
    [],
  );
  // The root draws again at every navigation: the drawer's readers only when the drawer changes.
  const holder = useMemo(() => ({ drawer, keep }), [drawer, keep]);
  return <UploadDrawerContext.Provider value={holder}>{children}</UploadDrawerContext.Provider>;
}

export function useUploadDrawerHolder(): UploadDrawerHolder {
  const holder = useContext(UploadDrawerContext);
  if (!holder) throw new Error('the upload drawer needs an UploadDrawerProvider');
  return holder;
}

/** Calls `refresh` whenever every tracked upload has succeeded (SPEC section 4). */
export function useUploadsSucceeded(refresh: (statementIds: string[]) => void): void {
  const { drawer } = useUploadDrawerHolder();
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });
  useEffect(() => {
    if (drawer === null) return;
    const subscription = drawer.on('uploads.succeeded', (event) =>
      refreshRef.current(event.statementIds),
    );
    return () => subscription.unsubscribe();
  }, [drawer]);
}
