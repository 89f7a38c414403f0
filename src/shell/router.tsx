import type { ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { Root } from './Root';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PublicLayout } from '../pages/PublicLayout';
import { PublicOnly, RequireSession, RouteGate } from './guards';
import { hasPage, pageFor } from './pages';
import { lazyComponent } from '../widgets/lazyComponent';
import { PageErrorBoundary } from './PageErrorBoundary';
import { loadSignedInEnglish } from '../i18n/lazy';
import { ROUTES } from '../routes/table';
import type { AppRoute } from '../routes/types';

// The signed-in frame (navigation, avatar menu, emulation) is not needed to sign in.
const SignedInFrame = lazyComponent(() => import('./SignedInFrame').then((m) => m.SignedInFrame), {
  texts: loadSignedInEnglish,
});

/** The frame; the page opened loads beside it (Root preloads it), not once the frame is in. */
function SignedInLayout() {
  return <SignedInFrame />;
}

/** Pages are looked up once, when the router is built; a redirect route has none. */
function pageElement(route: AppRoute): ReactNode {
  const Page = pageFor(route.id);
  return Page ? <Page route={route} /> : null;
}

const toRouteObject = (route: AppRoute, element: ReactNode): RouteObject => ({
  path: route.path,
  element,
});

/** The router, built from the route table: public pages, guarded application pages, then the 404. */
export function routeObjects(): RouteObject[] {
  // A route with no page built and nowhere to send its visitor answers as not found.
  const served = ROUTES.filter(hasPage);
  const publicRoutes = served.filter((route) => route.kind === 'public');
  const privateRoutes = served.filter((route) => route.kind === 'private');
  return [
    {
      element: <Root />,
      children: [
        {
          element: <PublicOnly />,
          children: [
            {
              element: <PublicLayout />,
              children: publicRoutes.map((route) => toRouteObject(route, pageElement(route))),
            },
          ],
        },
        {
          element: <RequireSession />,
          children: [
            {
              element: <SignedInLayout />,
              children: privateRoutes.map((route) =>
                toRouteObject(route, <RouteGate route={route}>{pageElement(route)}</RouteGate>),
              ),
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

const ROUTE_OBJECTS = routeObjects();

/**
 * The application's routes, under a `BrowserRouter`. No route loads data before it renders, so the
 * data router (`createBrowserRouter`, twice the code) would bring nothing the portal uses. A page
 * that fails while drawn shows a message with a reload button (PageErrorBoundary).
 */
export function AppRoutes() {
  return <PageErrorBoundary>{useRoutes(ROUTE_OBJECTS)}</PageErrorBoundary>;
}
