import { useSelector } from '@xstate/react';
import type { UploadDrawerRef } from '../../machines/uploadDrawerMachine';
import { lazyComponent } from '../widgets/lazyComponent';
import { useUploadDrawerHolder } from './UploadDrawerProvider';

// The drawer's rows, server texts and styles are fetched when it first shows, never to sign in.
const UploadDrawerView = lazyComponent(
  () => import('./UploadDrawer').then((m) => m.UploadDrawerView),
  { fallback: null },
);

function VisibleUploadDrawer({ drawer }: { drawer: UploadDrawerRef }) {
  const visible = useSelector(drawer, (state) => state.hasTag('visible'));
  return visible ? <UploadDrawerView drawer={drawer} /> : null;
}

/**
 * Mounted once at the application root, inside UploadDrawerProvider: shown while any file is
 * tracked, once an import page has made the drawer.
 */
export function UploadDrawer() {
  const { drawer } = useUploadDrawerHolder();
  return drawer === null ? null : <VisibleUploadDrawer drawer={drawer} />;
}
