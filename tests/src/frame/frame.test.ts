import { describe, expect, it, vi } from 'vitest';
import type { SessionEmulation } from '../../../api/session';
import { APP_VERSION, printConsoleBanner } from '../../../src/app/banner';
import { canToggleDebug } from '../../../src/app/preferences';
import { breadcrumbTrail } from '../../../src/frame/Breadcrumbs';
import { initials } from '../../../src/frame/initials';
import { routeById } from '../../../src/routes/table';

describe('initials', () => {
  it.each([
    ['Ada Admin', 'AA'],
    ['Otto', 'O'],
    ['  lena  de la label ', 'LL'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('breadcrumbTrail', () => {
  it('lists the parents of a detail page, outermost first', () => {
    expect(breadcrumbTrail(routeById('statement-logs')).map((route) => route.id)).toEqual([
      'statements',
      'statement',
    ]);
    expect(breadcrumbTrail(routeById('dashboard'))).toEqual([]);
  });
});

describe('console banner', () => {
  it('shows version 3.2', () => {
    const log = vi.fn();
    printConsoleBanner(log);
    expect(APP_VERSION).toBe('3.2');
    expect(String(log.mock.calls[0]?.[0])).toContain('version 3.2');
  });
});

describe('canToggleDebug', () => {
  const emulation: SessionEmulation = {
    account: { id: 'acc', name: 'Portal administration' },
    permissions: [],
    username: 'ada@demo.label',
    fullname: 'Ada Admin',
    roles: ['admin'],
  };
  it('is for admins and overseers, and only when not emulating', () => {
    expect(canToggleDebug({ roles: ['admin'], emulation: null })).toBe(true);
    expect(canToggleDebug({ roles: ['overseer'], emulation: null })).toBe(true);
    expect(canToggleDebug({ roles: ['payee', 'collaborator'], emulation: null })).toBe(false);
    expect(canToggleDebug({ roles: ['admin'], emulation })).toBe(false);
    expect(canToggleDebug({ roles: ['payee'], emulation })).toBe(false);
  });
});
