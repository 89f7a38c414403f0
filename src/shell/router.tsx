import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Root } from './Root';
import { EmulationControls } from '../emulation/EmulateButton';
import { AppFrame } from '../frame/AppFrame';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PublicLayout } from '../pages/PublicLayout';
import { PublicOnly, RequireSession, RouteGate } from './guards';
import { hasPage, pageFor } from './pages';
import { ROUTES } from '../routes/table';
import type { AppRoute } from '../routes/types';
import type { RouteHandle } from '../routes/useCurrentRoute';

/** Pages are looked up once, when the router is built; a redirect route has none. */
function pageElement(route: AppRoute): ReactNode {
  const Page = pageFor(route.id);
  return Page ? <Page route={route} /> : null;
}

const toRouteObject = (route: AppRoute, element: ReactNode): RouteObject => ({
  path: route.path,
  element,
  handle: { route } satisfies RouteHandle,
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
              element: <AppFrame controls={EmulationControls} navigable={hasPage} />,
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

export const createAppRouter = () => createBrowserRouter(routeObjects());
