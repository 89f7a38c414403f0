import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import {
  uploadDrawerMachine,
  uploadRequestLogic,
  type UploadDrawerRef,
} from '../../machines/uploadDrawerMachine';
import { useServices } from '../app/ServicesContext';
import { statementUploader } from './importApi';

const UploadDrawerContext = createContext<UploadDrawerRef | null>(null);

/** The application's one upload drawer actor: it outlives pages, so uploads go on while browsing. */
export function UploadDrawerProvider({ children }: { children: ReactNode }) {
  const { api } = useServices();
  // useActorRef keeps one actor for the provider's life (and survives StrictMode's double effects).
  const drawer: UploadDrawerRef = useActorRef(
    uploadDrawerMachine.provide({
      actors: { uploadRequest: uploadRequestLogic(statementUploader(api)) },
    }),
  );
  return <UploadDrawerContext.Provider value={drawer}>{children}</UploadDrawerContext.Provider>;
}

export function useUploadDrawer(): UploadDrawerRef {
  const drawer = useContext(UploadDrawerContext);
  if (!drawer) throw new Error('useUploadDrawer needs an UploadDrawerProvider');
  return drawer;
}

/** Calls `refresh` whenever every tracked upload has succeeded (SPEC section 4). */
export function useUploadsSucceeded(refresh: (statementIds: string[]) => void): void {
  const drawer = useUploadDrawer();
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });
  useEffect(() => {
    const subscription = drawer.on('uploads.succeeded', (event) =>
      refreshRef.current(event.statementIds),
    );
    return () => subscription.unsubscribe();
  }, [drawer]);
}
