import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router';
import { routeById } from '../routes/table';
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
 * tracked, once an import page has made the drawer; on the import page, that page shows it.
 */
export function UploadDrawer() {
  const { drawer } = useUploadDrawerHolder();
  // The import page shows the drawer in its own flow, under the reports it writes.
  const onImportPage = useLocation().pathname === routeById('import').path;
  return drawer === null || onImportPage ? null : <VisibleUploadDrawer drawer={drawer} />;
}
