import { describe, expect, it } from 'vitest';
import type { Session } from '../../../api/session';
import type { Role } from '../../../rules/permissions';
import {
  actingAs,
  canEmulate,
  canOpenEmulation,
  canOpen,
  externalUrlOf,
  isAllowed,
  noAccessPath,
  opensNewTab,
  safeRedirect,
  visibleNavigation,
} from '../../../src/routes/access';
import { NAVIGATION, ROUTES, routeById } from '../../../src/routes/table';
import type { NavEntry } from '../../../src/routes/types';

type Access = Pick<Session, 'permissions' | 'roles' | 'emulation' | 'adaHubUrl'>;

// An install with the partner hub configured; the hub's own tests take it away.
const user = (roles: Role[], permissions: string[]): Access => ({
  roles,
  permissions,
  emulation: null,
  adaHubUrl: 'https://hub.example.com/login',
});

// The demo accounts' roles and permissions as the server seeds them.
const ADMIN = user(
  ['admin'],
  [
    'account:rw',
    'analytics:rw',
    'artist:rw',
    'dashboard:rw',
    'distributor:rw',
    'emulate:rw',
    'import:rw',
    'payment-method:rw',
    'payment:rw',
    'product:rw',
    'recoup:rw',
    'statement:rw',
    'transaction:rw',
    'user:rw',
  ],
);
const OVERSEER = user(
  ['overseer'],
  [
    'account:ro',
    'analytics:ro',
    'artist:ro',
    'dashboard:ro',
    'distributor:ro',
    'distributor:rw',
    'emulate:ro',
    'import:ro',
    'payment-method:ro',
    'payment:ro',
    'product:ro',
    'product:rw',
    'recoup:ro',
    'recoup:rw',
    'statement:ro',
    'transaction:ro',
    'user:ro',
  ],
);
const PAYEE = user(
  ['payee', 'collaborator'],
  [
    'account:rw',
    'analytics:ro',
    'dashboard:ro',
    'payment-method:rw',
    'payment:ro',
    'product:ro',
    'recoup:ro',
    'transaction:ro',
  ],
);
const WARRANTER = user(
  ['warranter'],
  ['account:rw', 'dashboard:ro', 'payment-method:ro', 'recoup:ro', 'transaction:ro'],
);

const labels = (entries: NavEntry[]): string[] =>
  entries.flatMap((entry) =>
    entry.children
      ? [entry.labelKey, ...entry.children.map((child) => `  ${child.labelKey}`)]
      : [entry.labelKey],
  );

describe('route table', () => {
  it('declares every path of SPEC section 2', () => {
    const paths = ROUTES.map((route) => route.path);
    for (const path of [
      '/',
      '/ada',
      '/reporting',
      '/catalog',
      '/ledger',
      '/login',
      '/reset',
      '/claim',
      '/service/account',
      '/service/password',
      '/service/claim',
      '/dashboard',
      '/analytics',
      '/statements',
      '/statements/:id',
      '/statements/:id/logs',
      '/statements/:id/royalties',
      '/payments',
      '/payments/:id',
      '/earnings',
      '/earnings/:id',
      '/transactions',
      '/transactions/:id',
      '/distributors',
      '/distributors/:id',
      '/distributors/add',
      '/distributors/:id/edit',
      '/artists',
      '/artists/:artistId',
      '/products',
      '/products/:productId',
      '/products/add',
      '/recoupments',
      '/recoupments/:recoupmentId',
      '/recoupments/add',
      '/recoupments/edit/:recoupmentId',
      '/settings',
      '/users',
      '/import',
      '/wallet',
      '/admin',
      '/admin/overview',
      '/admin/account',
      '/admin/audit',
      '/admin/logs',
      '/help',
      '/help/faq',
      '/overseer',
    ]) {
      expect(paths).toContain(path);
    }
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
  });

  it('refers only to declared routes', () => {
    for (const route of ROUTES) {
      if (route.breadcrumbParent)
        expect(() => routeById(route.breadcrumbParent ?? '')).not.toThrow();
    }
    for (const entry of NAVIGATION.flatMap((item) => [item, ...(item.children ?? [])])) {
      expect(() => routeById(entry.routeId)).not.toThrow();
    }
  });

  it('gives the redirects of SPEC section 2', () => {
    expect(routeById('root').redirectTo).toBe('/dashboard');
    expect(routeById('reporting').redirectTo).toBe('/dashboard');
    expect(routeById('catalog').redirectTo).toBe('/products');
    expect(routeById('ledger').redirectTo).toBe('/payments');
    expect(routeById('admin').redirectTo).toBe('/admin/overview');
  });
});

describe('access', () => {
  it('allows a route when permissions, roles or emulation roles match any list', () => {
    const access = {
      permissions: ['statement:rw'],
      roles: ['overseer'],
      emulationRoles: ['admin'],
    };
    expect(isAllowed(access, user([], ['statement:rw']))).toBe(true);
    expect(isAllowed(access, user(['overseer'], []))).toBe(true);
    expect(
      isAllowed(access, {
        roles: ['payee'],
        permissions: [],
        emulation: {
          account: { id: 'a', name: 'A' },
          username: 'ada',
          fullname: 'Ada',
          roles: ['admin'],
          permissions: [],
        },
      }),
    ).toBe(true);
    expect(isAllowed(access, user(['payee'], ['statement:ro']))).toBe(false);
    expect(isAllowed(undefined, user([], []))).toBe(true);
  });

  it('needs the overseer role together with write permission for create and edit routes', () => {
    expect(canOpen(routeById('product-add'), OVERSEER)).toBe(true);
    expect(canOpen(routeById('product-add'), ADMIN)).toBe(false);
    expect(canOpen(routeById('distributor-edit'), OVERSEER)).toBe(true);
    expect(canOpen(routeById('recoupment-edit'), OVERSEER)).toBe(true);
    expect(canOpen(routeById('recoupment-edit'), ADMIN)).toBe(false);
  });

  it('sends users without access where SPEC section 4 says', () => {
    expect(noAccessPath(ADMIN)).toBe('/statements');
    expect(noAccessPath(user([], ['emulate:rw']))).toBe('/admin');
    expect(noAccessPath(OVERSEER)).toBe('/overseer');
    expect(noAccessPath(PAYEE)).toBe('/dashboard');
  });

  it('accepts only same-site redirect targets', () => {
    expect(safeRedirect('/statements?x=1#top')).toBe('/statements?x=1#top');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('side navigation', () => {
  it('shows an admin everything but the overseer-only entries', () => {
    expect(labels(visibleNavigation(ADMIN))).toEqual([
      'nav.item.home',
      'nav.item.analytics',
      'nav.item.statements',
      'nav.item.periods',
      'nav.item.payments',
      'nav.item.transactions',
      'nav.item.products',
      'nav.item.recoupments',
      'nav.item.payees',
      'nav.item.artists',
      'nav.item.ada-hub',
      'nav.item.settings',
      '  nav.item.account',
      '  nav.item.distributors',
      '  nav.item.admin',
      '  nav.item.wallet',
      '  nav.item.import',
      '  nav.item.help',
    ]);
  });

  it('filters a payee down to its permissions, Settings children included', () => {
    expect(labels(visibleNavigation(PAYEE))).toEqual([
      'nav.item.home',
      'nav.item.analytics',
      'nav.item.earnings',
      'nav.item.payments',
      'nav.item.transactions',
      'nav.item.products',
      'nav.item.recoupments',
      'nav.item.ada-hub',
      'nav.item.settings',
      '  nav.item.account',
      '  nav.item.wallet',
      '  nav.item.help',
    ]);
  });

  it('shows a warranter only what it may read', () => {
    expect(labels(visibleNavigation(WARRANTER))).toEqual([
      'nav.item.home',
      'nav.item.payments',
      'nav.item.transactions',
      'nav.item.recoupments',
      'nav.item.ada-hub',
      'nav.item.settings',
      '  nav.item.account',
      '  nav.item.help',
    ]);
  });

  it('lists the ADA Hub only where the install configured it, leading to its address', () => {
    const { adaHubUrl: _, ...unconfigured } = PAYEE;
    expect(labels(visibleNavigation(unconfigured))).not.toContain('nav.item.ada-hub');
    expect(externalUrlOf(routeById('ada'), unconfigured)).toBeNull();
    expect(externalUrlOf(routeById('ada'), PAYEE)).toBe('https://hub.example.com/login');
    expect(opensNewTab('https://hub.example.com/login')).toBe(true);
    expect(opensNewTab('/partner/login')).toBe(false);
    // Still behind dashboard ro or rw (SPEC section 2).
    expect(canOpen(routeById('ada'), user([], ['statement:rw']))).toBe(false);
  });

  it('drops a group whose children are all hidden', () => {
    const entries: NavEntry[] = [
      {
        routeId: 'settings',
        labelKey: 'nav.item.settings',
        icon: '',
        children: [{ routeId: 'wallet', labelKey: 'nav.item.wallet', icon: '' }],
      },
    ];
    expect(visibleNavigation(user([], []), entries)).toEqual([]);
  });
});

describe('emulation', () => {
  const emulating = (real: Access, emulated: Access): Access => ({
    ...real,
    emulation: {
      account: { id: 'acc-2', name: 'Demo Records' },
      username: 'payee@demo.label',
      fullname: 'Paco Payee',
      roles: emulated.roles,
      permissions: emulated.permissions,
    },
  });

  it("acts with the emulated user's roles and permissions", () => {
    const session = emulating(ADMIN, PAYEE);
    expect(actingAs(session)).toEqual({ roles: PAYEE.roles, permissions: PAYEE.permissions });
    expect(actingAs(ADMIN)).toEqual({ roles: ADMIN.roles, permissions: ADMIN.permissions });
  });

  it("shows the emulated payee's navigation to an emulating admin", () => {
    expect(labels(visibleNavigation(emulating(ADMIN, PAYEE)))).toEqual(
      labels(visibleNavigation(PAYEE)),
    );
  });

  it('guards and redirects by the emulated permissions', () => {
    const session = emulating(ADMIN, PAYEE);
    expect(canOpen(routeById('statements'), session)).toBe(false);
    expect(canOpen(routeById('admin-overview'), session)).toBe(false);
    expect(noAccessPath(session)).toBe('/dashboard');
    expect(canOpen(routeById('admin-overview'), emulating(PAYEE, ADMIN))).toBe(true);
  });

  it('offers the Emulate User button to emulate holders and while emulating', () => {
    expect(canOpenEmulation(ADMIN)).toBe(true);
    expect(canOpenEmulation(OVERSEER)).toBe(true);
    expect(canOpenEmulation(PAYEE)).toBe(false);
    expect(canOpenEmulation(emulating(ADMIN, PAYEE))).toBe(true);
    expect(canEmulate(ADMIN)).toBe(true);
    expect(canEmulate(OVERSEER)).toBe(false);
  });
});
