import type { Session } from '../../api/session';
import { NAVIGATION, routeById } from './table';
import type { AppRoute, NavEntry, RouteAccess } from './types';

type SessionAccess = Pick<
  Session,
  'permissions' | 'roles' | 'emulation' | 'adaHubUrl' | 'paymentRail'
>;

/**
 * Who the application acts as. While emulating, the server answers with the emulated user's roles
 * and permissions, so the navigation and guards use them too.
 */
export function actingAs(session: SessionAccess): { roles: string[]; permissions: string[] } {
  return session.emulation
    ? { roles: session.emulation.roles, permissions: session.emulation.permissions }
    : { roles: session.roles, permissions: session.permissions };
}

/** SPEC section 6: the 'Emulate User' button shows for emulate ro/rw holders, or while emulating. */
export function canOpenEmulation(session: SessionAccess): boolean {
  return (
    !!session.emulation ||
    session.permissions.includes('emulate:ro') ||
    session.permissions.includes('emulate:rw')
  );
}

/** Starting or switching an emulation needs emulate:rw of the person who logged in. */
export const canEmulate = (session: SessionAccess): boolean =>
  session.permissions.includes('emulate:rw');

const anyOf = (wanted: readonly string[] | undefined, held: readonly string[]): boolean =>
  !!wanted && wanted.some((item) => held.includes(item));

export function isAllowed(access: RouteAccess | undefined, session: SessionAccess): boolean {
  if (!access) return true;
  const acting = actingAs(session);
  if (access.requiredRoles && !anyOf(access.requiredRoles, acting.roles)) return false;
  const hasLists = !!(access.permissions || access.roles || access.emulationRoles);
  if (!hasLists) return true;
  return (
    anyOf(access.permissions, acting.permissions) ||
    anyOf(access.roles, acting.roles) ||
    anyOf(access.emulationRoles, session.emulation?.roles ?? [])
  );
}

export const canOpen = (route: AppRoute, session: SessionAccess): boolean =>
  isAllowed(route.access, session) &&
  (!route.paymentRail || route.paymentRail === session.paymentRail);

/** SPEC section 4: where a user without access to a route goes. */
export function noAccessPath(session: SessionAccess): string {
  const { permissions } = actingAs(session);
  if (permissions.includes('statement:rw')) return '/statements';
  if (permissions.includes('emulate:rw')) return '/admin';
  if (permissions.includes('emulate:ro')) return '/overseer';
  return '/dashboard';
}

/** Where a route leaving the application goes for this session, or null when it stays inside. */
export function externalUrlOf(route: AppRoute, session: SessionAccess): string | null {
  if (route.externalUrl) return route.externalUrl;
  return route.externalUrlFrom ? (session[route.externalUrlFrom] ?? null) : null;
}

/** An address containing http opens in a new browser tab (SPEC section 2). */
export const opensNewTab = (url: string): boolean => url.includes('http');

/**
 * The side navigation this session may see: children filtered too, a parent kept while any child
 * remains. `navigable` leaves out routes with nowhere to go (no page built, no redirect).
 */
export function visibleNavigation(
  session: SessionAccess,
  entries: readonly NavEntry[] = NAVIGATION,
  navigable: (route: AppRoute) => boolean = () => true,
): NavEntry[] {
  const visible: NavEntry[] = [];
  for (const entry of entries) {
    if (entry.children) {
      const children = visibleNavigation(session, entry.children, navigable);
      if (children.length > 0) visible.push({ ...entry, children });
    } else {
      const route = routeById(entry.routeId);
      // A route leaving for an address the install has not configured has nowhere to go.
      const configured = !route.externalUrlFrom || externalUrlOf(route, session) !== null;
      if (configured && navigable(route) && canOpen(route, session)) visible.push(entry);
    }
  }
  return visible;
}

/** Only same-site paths may be a post-login destination. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return null;
  }
  return target;
}
