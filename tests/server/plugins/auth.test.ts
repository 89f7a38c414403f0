// Every route of /api/openapi.json, called as each role of two label accounts with the other
// account's ids: what the permission table refuses is a 403, and nothing of the other account is
// ever read or changed. A route added without an id rule below fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowsAny, type Permission } from '../../../server/auth/permissions';
import type { RouteAccess } from '../../../server/plugins/auth';
import { DEMO_PASSWORD } from '../../../server/seed';
import { login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { multipart } from '../multipart';
import { apiRoutes, idFor, sample, streams } from '../openapi';
import {
  accountDigest,
  demoLabel,
  openSecondLabel,
  SECOND_PASSWORD,
  type AccountFixture,
} from '../tenancy';

interface Caller {
  name: string;
  username: string | null;
  password?: string;
  /** A partner distributor sending this account's intake key, and no session. */
  intakeKeyOf?: 'demo' | 'second';
  /** The account whose people this caller is; staff serve every account. */
  home: 'demo' | 'second' | 'staff';
}

// The admin goes last: an admin may lock or delete another account's people.
const CALLERS: Caller[] = [
  { name: 'logged out', username: null, home: 'demo' },
  { name: 'demo intake key', username: null, intakeKeyOf: 'demo', home: 'demo' },
  { name: 'second intake key', username: null, intakeKeyOf: 'second', home: 'second' },
  { name: 'overseer', username: 'overseer@demo.label', home: 'staff' },
  { name: 'demo label', username: 'label@demo.label', home: 'demo' },
  { name: 'demo payee', username: 'payee@demo.label', home: 'demo' },
  { name: 'demo artist', username: 'artist@demo.label', home: 'demo' },
  { name: 'demo warranter', username: 'warranter@demo.label', home: 'demo' },
  {
    name: 'second label',
    username: 'owner@zephyr.example',
    password: SECOND_PASSWORD,
    home: 'second',
  },
  {
    name: 'second payee',
    username: 'payee@zephyr.example',
    password: SECOND_PASSWORD,
    home: 'second',
  },
  { name: 'admin', username: 'admin@demo.label', home: 'staff' },
];

/** Routes that end or change the caller's own session: called last for each caller, in this order. */
const SESSION_CHANGING = [
  'POST /api/session/emulate',
  'PUT /api/session/emulate',
  'DELETE /api/session/emulate',
  'DELETE /api/session',
];
const lastly = (key: string) => SESSION_CHANGING.indexOf(key) + 1;

/** Resources whose rows belong to no account: the same for every caller by design. */
const INSTALL_WIDE = new Set(['distributors']);

/** Routes that take a partner distributor's intake key: no session opens them. */
const takesIntakeKey = (access: RouteAccess) => access !== 'public' && 'intakeKey' in access;

function tableAllows(access: RouteAccess, permissions: Permission[], roles: string[]): boolean {
  if (access === 'public') return true;
  if ('intakeKey' in access) return false;
  const byPermission = access.permissions ? allowsAny(permissions, access.permissions) : true;
  const byRole = access.roles ? access.roles.some((role) => roles.includes(role)) : true;
  return byPermission && byRole;
}

describe('authorization across two label accounts', () => {
  let portal: TestPortal;
  let accounts: Record<'demo' | 'second', AccountFixture>;

  beforeAll(async () => {
    portal = await startPortal({ rateLimit: { max: 1_000_000, timeWindow: 60_000 } });
    portal.app.log.level = 'silent';
    const second = await openSecondLabel(portal);
    const demo = await demoLabel(portal);
    accounts = { demo, second };
  });
  afterAll(() => portal.close());

  it('refuses what the permission table refuses and never crosses accounts, on every route', async () => {
    const routes = apiRoutes(portal.app).sort(
      (a, b) => lastly(`${a.method} ${a.path}`) - lastly(`${b.method} ${b.path}`),
    );

    const failures: string[] = [];
    let checked = 0;
    for (const caller of CALLERS) {
      let session: (LoggedIn & { permissions: Permission[]; roles: string[] }) | null = null;
      if (caller.username) {
        const loggedIn = await login(portal.app, caller.username, caller.password ?? DEMO_PASSWORD);
        session = {
          ...loggedIn,
          permissions: loggedIn.body.permissions as Permission[],
          roles: loggedIn.body.roles as string[],
        };
      }
      const other = accounts[caller.home === 'second' ? 'demo' : 'second'];
      for (const { method, path, operation } of routes) {
        const key = `${method} ${path}`;
        const where = `${caller.name}: ${key}`;
        const access = portal.app.routeAccess.get(key);
        if (access === undefined) {
          failures.push(`${where} declares no access`);
          continue;
        }
        let missingId = false;
        const url = path.replace(/\{([^}]+)\}/g, (_whole, parameter: string) => {
          const id = idFor(path, parameter, other);
          if (id === null) missingId = true;
          return encodeURIComponent(id ?? 'unknown');
        });
        if (missingId) {
          failures.push(`${where}: add the resource of this path to idFor()`);
          continue;
        }
        // A live stream stays open for whoever may read it: its own tests read what it sends to
        // each account (tests/server/events); here it is called only by those it must refuse.
        if (session && streams({ method, path, operation })) continue;
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const isUpload =
          operation.requestBody?.content?.['multipart/form-data'] !== undefined ||
          takesIntakeKey(access);
        const payload = schema ? sample(schema, '', other) : undefined;
        // A key's holder names the other account, as one trying to file into it would.
        const upload = isUpload
          ? multipart([
              ...(caller.intakeKeyOf
                ? [
                    {
                      name: 'body',
                      value: JSON.stringify({
                        accountId: other.accountId,
                        report_month: '2026-06',
                        expected: null,
                      }),
                    },
                  ]
                : []),
              { name: 'file', filename: 'x.csv', content: 'a,b\n1,2\n' },
            ])
          : null;
        const before = await accountDigest(portal.db, other.accountId);
        const headers: Record<string, string> = { ...(upload?.headers ?? {}) };
        if (caller.intakeKeyOf)
          headers.authorization = `Bearer ${accounts[caller.intakeKeyOf].intakeKey.secret}`;
        if (session && method !== 'GET') headers['x-csrf-token'] = session.csrf;
        const separator = url.includes('?') ? '&' : '?';
        const response = await portal.app.inject({
          method: method as 'GET',
          url:
            session && method === 'GET'
              ? `${url}${separator}csrf=${encodeURIComponent(session.csrf)}`
              : url,
          headers,
          ...(session ? { cookies: session.cookies } : {}),
          ...(upload
            ? { payload: upload.payload }
            : payload === undefined
              ? {}
              : { payload: payload as object }),
        });
        checked += 1;
        const status = response.statusCode;
        if (status >= 500) failures.push(`${where} answered ${status}`);
        const allowed = session ? tableAllows(access, session.permissions, session.roles) : false;
        if (caller.intakeKeyOf && takesIntakeKey(access)) {
          // The key's own account only: naming another is refused.
          if (status !== 403)
            failures.push(
              `${where} answered ${status} naming the other account: ${response.body.slice(0, 200)}`,
            );
        } else if (access !== 'public' && !session && status !== 401)
          failures.push(`${where} answered ${status} without a session, not 401`);
        if (session && takesIntakeKey(access)) {
          if (status !== 401)
            failures.push(`${where} answered ${status} to a session without an intake key`);
        } else if (access !== 'public' && session && !allowed && status !== 403)
          failures.push(`${where} answered ${status} where the permission table refuses`);
        const keyOpens = caller.intakeKeyOf !== undefined && takesIntakeKey(access);
        if (caller.home === 'staff' || (access !== 'public' && !allowed && !keyOpens)) continue;

        const request = `${url} ${JSON.stringify(payload ?? '')}`;
        for (const secret of other.secrets) {
          if (!request.includes(secret) && response.body.includes(secret))
            failures.push(`${where} revealed "${secret}" of the other account (${status})`);
        }
        const resource = path.split('/')[2] ?? '';
        if (path.includes('{') && !INSTALL_WIDE.has(resource) && status < 300)
          failures.push(`${where} answered ${status} to the other account's id`);
        // Public routes take any username by design (logins, reset requests); their own tests hold them.
        if (access !== 'public' && (await accountDigest(portal.db, other.accountId)) !== before)
          failures.push(`${where} changed the other account (${status})`);
      }
    }
    console.info(
      `authorization: ${routes.length} routes x ${CALLERS.length} callers = ${checked} calls, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
