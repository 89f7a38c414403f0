import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/passwords';
import { allows, allowsAny, permissionsOf, resources } from '../../../server/auth/permissions';
import { registerUser } from '../../../server/services/registration';
import { get, login, startPortal, write, type TestPortal } from '../harness';

describe('role permissions', () => {
  it('grants admins every resource read and write', () => {
    const admin = permissionsOf(['admin']);
    for (const resource of resources) expect(allows(admin, `${resource}:rw`)).toBe(true);
  });

  it('lets write satisfy read but never read satisfy write', () => {
    expect(allows(['product:rw'], 'product:ro')).toBe(true);
    expect(allows(['product:ro'], 'product:rw')).toBe(false);
  });

  it.each(resources)('denies %s to a user without it, read or write', (resource) => {
    const unrelated = resources
      .filter((other) => other !== resource)
      .map((other) => `${other}:rw` as const);
    expect(allowsAny(unrelated, [`${resource}:ro`])).toBe(false);
    expect(allowsAny(unrelated, [`${resource}:rw`])).toBe(false);
    expect(allowsAny([`${resource}:ro`], [`${resource}:rw`])).toBe(false);
  });

  it('keeps payees, artists and warranters away from statements, users and emulation', () => {
    for (const role of ['payee', 'collaborator', 'artist', 'warranter'] as const) {
      const held = permissionsOf([role]);
      expect(allows(held, 'statement:ro')).toBe(false);
      expect(allows(held, 'user:ro')).toBe(false);
      expect(allows(held, 'emulate:ro')).toBe(false);
      expect(allows(held, 'import:ro')).toBe(false);
    }
  });

  it('lets the warranter watch transactions and recoupments, and change none of them', () => {
    // SPEC section 6's guarantor: their label's payments (read through transaction:ro) and
    // recoupments, read only; the payments API scopes them to their own account.
    const held = permissionsOf(['warranter']);
    expect(allows(held, 'transaction:ro')).toBe(true);
    expect(allows(held, 'recoup:ro')).toBe(true);
    for (const resource of ['payment', 'transaction', 'recoup', 'product', 'statement'] as const)
      expect(allows(held, `${resource}:rw`)).toBe(false);
  });
});

describe('every API route checks permissions', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
    // A user with no role holds no permission at all.
    const accounts = await portal.db.query<{ id: string }>(
      "select id from accounts where name = 'Demo Records'",
    );
    const passwordHash = await hashPassword('No-roles-at-all-1!');
    await portal.db.transaction((tx) =>
      registerUser(
        tx,
        {
          accountId: accounts[0]?.id ?? '',
          username: 'nobody@demo.label',
          fullname: 'No Body',
          roles: [],
          passwordHash,
        },
        { actor: null, emulatingActor: null, at: portal.clock.now() },
      ),
    );
  });
  afterAll(() => portal.close());

  // Each route with the resource it guards; the list is checked against the app's own routes below.
  const guarded = [
    { method: 'GET', url: '/api/accounts', resource: 'account' },
    { method: 'GET', url: '/api/accounts/x', resource: 'account' },
    { method: 'GET', url: '/api/users', resource: 'user' },
    { method: 'GET', url: '/api/users/x', resource: 'user' },
    { method: 'PATCH', url: '/api/users/x', resource: 'user' },
    { method: 'POST', url: '/api/users/x/unlock', resource: 'user' },
    { method: 'GET', url: '/api/artists', resource: 'artist' },
    { method: 'GET', url: '/api/artist/list', resource: 'artist' },
    { method: 'GET', url: '/api/artists/x', resource: 'artist' },
    { method: 'POST', url: '/api/artists', resource: 'artist' },
    { method: 'POST', url: '/api/artists/x/users', resource: 'artist' },
    { method: 'DELETE', url: '/api/artists/x/users/x', resource: 'artist' },
    { method: 'POST', url: '/api/users', resource: 'user' },
    { method: 'POST', url: '/api/users/x/claim-notification', resource: 'user' },
    { method: 'POST', url: '/api/users/x/password-reset', resource: 'user' },
    { method: 'POST', url: '/api/users/x/activation', resource: 'user' },
    { method: 'GET', url: '/api/presets', resource: 'product' },
    { method: 'POST', url: '/api/presets', resource: 'product' },
    { method: 'GET', url: '/api/distributors', resource: 'distributor' },
    { method: 'POST', url: '/api/distributors', resource: 'distributor' },
    { method: 'GET', url: '/api/distributors/x', resource: 'distributor' },
    { method: 'PATCH', url: '/api/distributors/x', resource: 'distributor' },
    { method: 'POST', url: '/api/distributors/preview', resource: 'distributor' },
    { method: 'POST', url: '/api/distributors/x/preview', resource: 'distributor' },
    { method: 'POST', url: '/api/statement/upload', resource: 'statement' },
    { method: 'POST', url: '/api/statement/preview', resource: 'statement' },
    { method: 'GET', url: '/api/intake-keys', resource: 'statement' },
    { method: 'POST', url: '/api/intake-keys', resource: 'statement' },
    { method: 'POST', url: '/api/intake-keys/x/revoke', resource: 'statement' },
    { method: 'GET', url: '/api/layouts', resource: 'statement' },
    { method: 'POST', url: '/api/layouts', resource: 'statement' },
    { method: 'PATCH', url: '/api/layouts/x', resource: 'statement' },
    { method: 'DELETE', url: '/api/layouts/x', resource: 'statement' },
    { method: 'POST', url: '/api/layouts/proposal', resource: 'statement' },
    { method: 'POST', url: '/api/layouts/preview', resource: 'statement' },
    { method: 'GET', url: '/api/statements', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/errors', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/missing-codes', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/records', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/reading', resource: 'statement' },
    ...[
      'force',
      'expedite',
      'cancel',
      'delete',
      'reset',
      'calculate',
      'recalculate',
      'approve',
      'funds',
      'move',
      'confirm-total',
    ].map(
      (action) =>
        ({ method: 'POST', url: `/api/statements/x/${action}`, resource: 'statement' }) as const,
    ),
    { method: 'GET', url: '/api/statements/x/events', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/calculation', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/payees', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/reserves', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/split-changes', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/adjustments', resource: 'statement' },
    { method: 'POST', url: '/api/statements/x/adjustments', resource: 'statement' },
    { method: 'POST', url: '/api/statements/x/retry', resource: 'statement' },
    { method: 'POST', url: '/api/statements/x/files/x/replace', resource: 'statement' },
    { method: 'GET', url: '/api/products', resource: 'product' },
    { method: 'GET', url: '/api/products/x', resource: 'product' },
    { method: 'POST', url: '/api/products', resource: 'product' },
    { method: 'PATCH', url: '/api/products/x', resource: 'product' },
    { method: 'PUT', url: '/api/products/x/splits', resource: 'product' },
    { method: 'GET', url: '/api/products/x/events', resource: 'product' },
    { method: 'GET', url: '/api/products/x/history', resource: 'product' },
    { method: 'GET', url: '/api/products/x/preview-input', resource: 'product' },
    { method: 'GET', url: '/api/default-splits', resource: 'product' },
    { method: 'PUT', url: '/api/default-splits', resource: 'product' },
    { method: 'GET', url: '/api/recoupments', resource: 'recoup' },
    { method: 'POST', url: '/api/recoupments', resource: 'recoup' },
    { method: 'GET', url: '/api/recoupments/x', resource: 'recoup' },
    { method: 'PATCH', url: '/api/recoupments/x', resource: 'recoup' },
    { method: 'DELETE', url: '/api/recoupments/x', resource: 'recoup' },
    { method: 'GET', url: '/api/recoupments/x/remittances', resource: 'recoup' },
    { method: 'GET', url: '/api/recoupments/x/history', resource: 'recoup' },
    { method: 'GET', url: '/api/recoupments/preview-basis', resource: 'recoup' },
    ...[
      'overview',
      'services',
      'formats',
      'territories',
      'distributors',
      'products',
      'artists',
    ].map(
      (view) => ({ method: 'GET', url: `/api/analytics/${view}`, resource: 'analytics' }) as const,
    ),
    { method: 'GET', url: '/api/analytics/artists/x', resource: 'analytics' },
    { method: 'GET', url: '/api/analytics/products/x', resource: 'analytics' },
    { method: 'PUT', url: '/api/distributors/x/take', resource: 'distributor' },
    { method: 'POST', url: '/api/statements/x/take', resource: 'statement' },
    { method: 'GET', url: '/api/earnings', resource: 'payment' },
    { method: 'GET', url: '/api/earnings/x', resource: 'payment' },
    { method: 'GET', url: '/api/earnings/x/csv', resource: 'payment' },
    { method: 'GET', url: '/api/earnings/x/pdf', resource: 'payment' },
    { method: 'GET', url: '/api/statements/x/payee-statement', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/payee-statement/csv', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/payee-statement/pdf', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/payee-statements.zip', resource: 'statement' },
    { method: 'GET', url: '/api/payee-statements.zip', resource: 'statement' },
    { method: 'GET', url: '/api/events', resource: 'emulate' },
    { method: 'GET', url: '/api/outbox', resource: 'emulate' },
    { method: 'GET', url: '/api/payment-method/balance', resource: 'payment-method' },
    { method: 'GET', url: '/api/wallet', resource: 'payment-method' },
    { method: 'GET', url: '/api/dashboard', resource: 'dashboard' },
    { method: 'GET', url: '/api/payment-method/bank-account', resource: 'payment-method' },
    { method: 'PUT', url: '/api/payment-method/bank-account', resource: 'payment-method' },
    {
      method: 'POST',
      url: '/api/payment-method/bank-account/verify',
      resource: 'payment-method',
    },
    { method: 'GET', url: '/api/payment-method/terms', resource: 'payment-method' },
    { method: 'POST', url: '/api/payment-method/terms', resource: 'payment-method' },
    { method: 'GET', url: '/api/payment-settings', resource: 'account' },
    { method: 'PUT', url: '/api/payment-settings', resource: 'account' },
    { method: 'GET', url: '/api/reserve-rules', resource: 'account' },
    { method: 'PUT', url: '/api/reserve-rules', resource: 'account' },
    { method: 'GET', url: '/api/periods', resource: 'statement' },
    { method: 'PUT', url: '/api/periods/length', resource: 'account' },
    { method: 'GET', url: '/api/periods/x', resource: 'statement' },
    { method: 'GET', url: '/api/periods/x/summary.csv', resource: 'statement' },
    { method: 'POST', url: '/api/periods/x/close', resource: 'statement' },
    { method: 'GET', url: '/api/statements/x/corrections', resource: 'statement' },
    { method: 'POST', url: '/api/statements/x/correction', resource: 'statement' },
    { method: 'GET', url: '/api/payments', resource: 'payment' },
    { method: 'GET', url: '/api/payments/x', resource: 'payment' },
    { method: 'GET', url: '/api/payments/x/history', resource: 'payment' },
    { method: 'POST', url: '/api/payments/batch', resource: 'payment' },
    { method: 'POST', url: '/api/payments/x/retry', resource: 'payment' },
    { method: 'POST', url: '/api/payments/x/cancel', resource: 'payment' },
    { method: 'GET', url: '/api/transactions', resource: 'transaction' },
    { method: 'GET', url: '/api/transactions/x', resource: 'transaction' },
    { method: 'GET', url: '/api/settings/profile', resource: 'account' },
    { method: 'PATCH', url: '/api/settings/profile', resource: 'account' },
    { method: 'POST', url: '/api/settings/password', resource: 'account' },
    { method: 'POST', url: '/api/settings/username', resource: 'account' },
    { method: 'POST', url: '/api/settings/username/confirm', resource: 'account' },
    { method: 'GET', url: '/api/settings/person', resource: 'account' },
    { method: 'PATCH', url: '/api/settings/person', resource: 'account' },
    { method: 'GET', url: '/api/settings/documents', resource: 'account' },
    { method: 'POST', url: '/api/settings/documents', resource: 'account' },
    { method: 'GET', url: '/api/settings/documents/x/file', resource: 'account' },
    { method: 'DELETE', url: '/api/settings/documents/x', resource: 'account' },
    { method: 'GET', url: '/api/session/emulate', resource: 'emulate' },
    { method: 'GET', url: '/api/session/emulate/recent', resource: 'emulate' },
    { method: 'POST', url: '/api/session/emulate', resource: 'emulate' },
    { method: 'PUT', url: '/api/session/emulate', resource: 'emulate' },
    { method: 'DELETE', url: '/api/session/emulate', resource: 'emulate' },
    { method: 'GET', url: '/api/business', resource: 'account' },
    { method: 'PUT', url: '/api/business/details', resource: 'account' },
    { method: 'POST', url: '/api/business/owners', resource: 'account' },
    { method: 'PUT', url: '/api/business/owners/x', resource: 'account' },
    { method: 'DELETE', url: '/api/business/owners/x', resource: 'account' },
    { method: 'POST', url: '/api/business/certification', resource: 'account' },
    { method: 'GET', url: '/api/admin/accounts', resource: 'user' },
    { method: 'GET', url: '/api/admin/accounts/x', resource: 'user' },
    { method: 'GET', url: '/api/admin/accounts/x/history', resource: 'user' },
    { method: 'POST', url: '/api/admin/users/x/lock', resource: 'user' },
    { method: 'POST', url: '/api/admin/users/x/delete', resource: 'user' },
    { method: 'GET', url: '/api/admin/overview', resource: 'emulate' },
    { method: 'GET', url: '/api/admin/logs/statements', resource: 'emulate' },
    { method: 'GET', url: '/api/admin/logs/jobs', resource: 'emulate' },
    { method: 'GET', url: '/api/overseer', resource: 'emulate' },
    { method: 'GET', url: '/api/bank-files', resource: 'account' },
    { method: 'GET', url: '/api/bank-files/x/download', resource: 'account' },
    { method: 'POST', url: '/api/bank-files/x/submitted', resource: 'account' },
    { method: 'POST', url: '/api/bank-files/returns', resource: 'account' },
    { method: 'GET', url: '/api/bank-file-originator', resource: 'account' },
    { method: 'PUT', url: '/api/bank-file-originator', resource: 'account' },
    { method: 'GET', url: '/api/messages', resource: 'emulate' },
    { method: 'POST', url: '/api/messages', resource: 'emulate' },
    { method: 'PATCH', url: '/api/messages/x', resource: 'emulate' },
    { method: 'DELETE', url: '/api/messages/x', resource: 'emulate' },
    { method: 'GET', url: '/api/product-requests', resource: 'product' },
    { method: 'POST', url: '/api/product-requests', resource: 'product' },
    { method: 'POST', url: '/api/product-requests/x/create', resource: 'product' },
    { method: 'POST', url: '/api/product-requests/x/refuse', resource: 'product' },
    { method: 'GET', url: '/api/statements/records', resource: 'statement' },
    { method: 'GET', url: '/api/periods/2026-03/journal', resource: 'statement' },
    { method: 'GET', url: '/api/book-settings', resource: 'account' },
    { method: 'PUT', url: '/api/book-settings', resource: 'account' },
    { method: 'PUT', url: '/api/users/x/email', resource: 'user' },
    { method: 'GET', url: '/api/tax-form', resource: 'account' },
    { method: 'POST', url: '/api/tax-form', resource: 'account' },
    { method: 'GET', url: '/api/tax-form/documents/2026', resource: 'account' },
    { method: 'GET', url: '/api/tax-forms', resource: 'statement' },
    { method: 'GET', url: '/api/tax-forms/1099-misc.csv', resource: 'payment' },
    { method: 'GET', url: '/api/tax-forms/1042-s.csv', resource: 'payment' },
  ] as const;

  it('lists every non-public route of the app in this test', () => {
    const openapi = portal.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const declared = Object.entries(openapi.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const sessionRoutes = [
      'PATCH /api/session/settings',
      'POST /api/session',
      'GET /api/session',
      'PUT /api/session',
      'DELETE /api/session',
      // Every signed-in person's: it sends each what they may learn of (tests/server/events).
      'GET /api/events/stream',
      // The banner messages meant for the person signed in (tests/server/routes/messages).
      'GET /api/messages/mine',
      'POST /api/messages/{id}/dismiss',
    ];
    // A distributor's intake key opens it, never a session (tests/server/routes/intakeKeys).
    const keyRoutes = ['POST /api/intake/statements'];
    const publicRoutes = [
      'GET /api/health',
      'POST /api/payee-invitations/accept',
      'POST /api/partner/webhooks',
      // The login page's announcement, for people not signed in.
      'GET /api/messages/login',
      ...['password-resets', 'claims', 'activations'].flatMap((flow) => [
        `POST /api/${flow}`,
        `POST /api/${flow}/complete`,
      ]),
    ];
    const covered = guarded.map(
      (route) =>
        `${route.method} ${route.url
          .replace(/\/x(\/|$)/, '/{id}$1')
          .replace(/\/users\/x$/, '/users/{userId}')
          .replace(/^\/api\/periods\/\{id\}/, '/api/periods/{period}')
          .replace(/\/files\/x\//, '/files/{fileId}/')
          .replace(/\/periods\/[0-9]{4}-[0-9Q]{2}\//, '/periods/{period}/')
          .replace(/\/documents\/2026$/, '/documents/{year}')}`,
    );
    expect([...declared].sort()).toEqual(
      [...covered, ...sessionRoutes, ...keyRoutes, ...publicRoutes].sort(),
    );
  });

  it.each(guarded)('$method $url answers 403 to a user without $resource', async (route) => {
    const nobody = await login(portal.app, 'nobody@demo.label', 'No-roles-at-all-1!');
    const response =
      route.method === 'GET'
        ? await get(portal.app, nobody, route.url)
        : await write(portal.app, nobody, route.method, route.url, {});
    expect(response.statusCode).toBe(403);
  });

  it('lets the overseer role with distributor:rw create a distributor, and not a label owner', async () => {
    const otto = await login(portal.app, 'overseer@demo.label');
    const created = await write(portal.app, otto, 'POST', '/api/distributors', {
      name: 'Kontor',
      uploadable: false,
    });
    expect(created.statusCode).toBe(201);
    const lena = await login(portal.app, 'label@demo.label');
    const refused = await write(portal.app, lena, 'POST', '/api/distributors', {
      name: 'Other',
      uploadable: false,
    });
    expect(refused.statusCode).toBe(403);
    const again = await write(portal.app, otto, 'POST', '/api/distributors', {
      name: 'kontor',
      uploadable: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A distributor with this name already exists.');
  });

  it('keeps one label from reading another account’s users', async () => {
    const lena = await login(portal.app, 'label@demo.label');
    const users = (await get(portal.app, lena, '/api/users')).json();
    const names = users.items.map((user: { fullname: string }) => user.fullname);
    expect(names).not.toContain('Ada Admin');
    const admins = await portal.db.query<{ id: string }>(
      "select id from users where username = 'admin@demo.label'",
    );
    expect((await get(portal.app, lena, `/api/users/${admins[0]?.id}`)).statusCode).toBe(404);
  });
});

describe('the admin account routes', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it('refuse a label owner and an overseer with 403, and answer an admin', async () => {
    const [paco] = await portal.db.query<{ id: string; account_id: string }>(
      "select id, account_id from users where username = 'payee@demo.label'",
    );
    for (const username of ['label@demo.label', 'overseer@demo.label']) {
      const who = await login(portal.app, username);
      expect((await get(portal.app, who, '/api/admin/accounts')).statusCode).toBe(403);
      expect(
        (await get(portal.app, who, `/api/admin/accounts/${paco?.account_id}`)).statusCode,
      ).toBe(403);
      const deleted = await write(portal.app, who, 'POST', `/api/admin/users/${paco?.id}/delete`, {
        confirmation: 'DELETE',
      });
      expect(deleted.statusCode).toBe(403);
      const locked = await write(portal.app, who, 'POST', `/api/admin/users/${paco?.id}/lock`);
      expect(locked.statusCode).toBe(403);
    }
    const ada = await login(portal.app, 'admin@demo.label');
    const found = await get(portal.app, ada, '/api/admin/accounts?q=paco');
    expect(found.json().items).toMatchObject([{ name: 'Demo Records' }]);
    const account = await get(portal.app, ada, `/api/admin/accounts/${paco?.account_id}`);
    expect(account.json()).toMatchObject({
      isBusiness: true,
      businessState: 'certified',
      missing: [],
    });
    const pacoRow = (account.json().people as { id: string; missing: string[] }[]).find(
      (person) => person.id === paco?.id,
    );
    expect(pacoRow?.missing).toEqual(['verified-bank-account']);
  });

  it('lets an admin lock a person out for 60 minutes and unlock them', async () => {
    const [paco] = await portal.db.query<{ id: string }>(
      "select id from users where username = 'payee@demo.label'",
    );
    const pacoSession = await login(portal.app, 'payee@demo.label');
    const ada = await login(portal.app, 'admin@demo.label');
    const locked = await write(portal.app, ada, 'POST', `/api/admin/users/${paco?.id}/lock`);
    const row = (locked.json().people as { id: string; lockedUntil: number | null }[]).find(
      (person) => person.id === paco?.id,
    );
    expect(row?.lockedUntil).toBe(Math.floor(portal.clock.now().getTime() / 1000) + 3600);
    expect((await get(portal.app, pacoSession, '/api/session')).statusCode).toBe(401);
    const refused = await portal.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'payee@demo.label', password: 'Royalty-demo-2026!' },
    });
    expect(refused.statusCode).toBe(423);
    await write(portal.app, ada, 'POST', `/api/users/${paco?.id}/unlock`);
    await login(portal.app, 'payee@demo.label');
  });
});
