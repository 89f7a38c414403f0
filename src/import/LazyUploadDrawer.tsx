import { useSelector } from '@xstate/react';
import { lazyComponent } from '../shell/lazyPage';
import { useUploadDrawer } from './UploadDrawerProvider';

// The drawer's rows, server texts and styles are fetched when it first shows, never to sign in.
const UploadDrawerView = lazyComponent(
  () => import('./UploadDrawer').then((m) => m.UploadDrawerView),
  { fallback: null },
);

/** Mounted once at the application root, inside UploadDrawerProvider: shown while any file is tracked. */
export function UploadDrawer() {
  const drawer = useUploadDrawer();
  const visible = useSelector(drawer, (state) => state.hasTag('visible'));
  return visible ? <UploadDrawerView drawer={drawer} /> : null;
}
