import { describe, expect, it } from 'vitest';
import { visibleNavigation, noAccessPath } from '../../../src/routes/access';
import { NAVIGATION, ROUTES, routeById } from '../../../src/routes/table';
import { hasPage, pageFor } from '../../../src/shell/pages';
import { routeObjects } from '../../../src/shell/router';
import { roles, type Role } from '../../../rules/permissions';
import { permissionsOf } from '../../../server/auth/permissions';

const labels = (entries: ReturnType<typeof visibleNavigation>) =>
  entries.flatMap((entry) => [entry.routeId, ...(entry.children ?? []).map((c) => c.routeId)]);

describe('pages built and pages served', () => {
  const admin = {
    roles: ['admin' as Role],
    permissions: permissionsOf(['admin']),
    emulation: null,
  };

  it('leaves out of the navigation every route with no page and nowhere to send its visitor', () => {
    const shown = labels(visibleNavigation(admin, NAVIGATION, hasPage));
    expect(shown).toContain('payments');
    expect(shown).toContain('transactions');
    expect(shown).toContain('wallet');
    for (const routeId of shown) {
      const route = routeById(routeId);
      // A parent (Settings) stays while one of its children is built.
      const isParent = NAVIGATION.some((entry) => entry.routeId === routeId && entry.children);
      if (!isParent) expect(hasPage(route), routeId).toBe(true);
    }
    expect(shown).toContain('analytics');
  });

  it('serves only routes with a page or a redirect: the rest answer as not found', () => {
    const served = JSON.stringify(routeObjects(), (key, value: unknown) =>
      key === 'element' || key === 'handle' ? undefined : value,
    );
    for (const route of ROUTES) {
      expect(served.includes(`"path":"${route.path}"`), route.id).toBe(hasPage(route));
    }
    // Every route of the table is built now: none is left to answer as not found.
    for (const route of ROUTES) expect(hasPage(route), route.id).toBe(true);
    expect(pageFor('analytics')).not.toBeNull();
  });

  it('sends every role without access to a page that is served', () => {
    for (const role of roles) {
      const target = noAccessPath({
        roles: [role],
        permissions: permissionsOf([role]),
        emulation: null,
      });
      const route = ROUTES.find((candidate) => candidate.path === target);
      expect(route && hasPage(route), `${role} → ${target}`).toBe(true);
    }
  });
});
