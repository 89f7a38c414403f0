import type { PaymentRail } from '../../rules/paymentRails';

/** Global filters a route shows in its header (SPEC section 2, "Global filters"). */
export const GLOBAL_FILTERS = ['timeframe', 'dateselect', 'artist', 'user'] as const;
export type GlobalFilter = (typeof GLOBAL_FILTERS)[number];

/**
 * Who may open a route. SPEC section 2: a route is allowed when the user's permissions, roles or
 * emulation roles match any of its lists; `requiredRoles` must match as well (create and edit
 * routes need the overseer role together with write permission).
 */
export interface RouteAccess {
  /** `resource:ro` or `resource:rw`; any one suffices. */
  permissions?: readonly string[];
  roles?: readonly string[];
  /** Matched against the roles of the emulated user, only while emulating. */
  emulationRoles?: readonly string[];
  requiredRoles?: readonly string[];
}

export interface AppRoute {
  /** Stable id, used by the navigation, breadcrumbs and the page registry. */
  id: string;
  /** A react-router path (`/statements/:id`). */
  path: string;
  /** `public` pages are reachable only when logged out; `private` need a session. */
  kind: 'public' | 'private';
  /** Static i18n key of the page title. */
  titleKey: string;
  /** Absent on a private route: any signed-in user. */
  access?: RouteAccess;
  filters?: readonly GlobalFilter[];
  /** The frame shows the side navigation on this route. */
  nav: boolean;
  /** Detail and edit pages: the route one level up. */
  breadcrumbParent?: string;
  /** Navigating here goes on to this path. */
  redirectTo?: string;
  /** Leaves the application; an address containing http opens in a new tab. */
  externalUrl?: string;
  /**
   * Leaves the application for the address the server gives in this session field, set when the
   * install configures it; without it the route is out of the navigation and its page says so.
   */
  externalUrlFrom?: 'adaHubUrl';
  /** Only under this payment rail (the session's `paymentRail`): the bank files' pages. */
  paymentRail?: PaymentRail;
}

export interface NavEntry {
  routeId: string;
  labelKey: string;
  /** A name of `NAV_ICONS` (src/widgets/icons.tsx). */
  icon: string;
  children?: readonly NavEntry[];
}

/** What the router gives every page. */
export interface PageProps {
  route: AppRoute;
}
