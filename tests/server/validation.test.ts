import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../server/validation';
import {
  INVALID_FILTERS,
  NOT_READABLE,
  RESOURCE_NOT_FOUND,
  UNSTORABLE_TEXT,
} from '../../server/validationTexts';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from './harness';

// Values PostgreSQL cannot take reach no query: each is refused, in words a person reads, with the
// field named beside them for the forms.
describe('input PostgreSQL cannot store', () => {
  let portal: TestPortal;
  let admin: LoggedIn;
  beforeAll(async () => {
    portal = await startPortal();
    portal.app.log.level = 'silent';
    admin = await login(portal.app, 'admin@demo.label');
  });
  afterAll(() => portal.close());

  it('refuses a NUL character in a login, a search, a path id and a body field', async () => {
    const loginAttempt = await portal.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'admin@demo.label\u0000', password: 'x' },
    });
    expect(loginAttempt.statusCode).toBe(400);
    expect(loginAttempt.json()).toEqual({
      message: UNSTORABLE_TEXT,
      errors: [{ path: 'username', message: UNSTORABLE_TEXT }],
    });

    const search = await get(portal.app, admin, '/api/users?q=a%00b');
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe(UNSTORABLE_TEXT);

    const byId = await get(portal.app, admin, '/api/users/x%00y');
    // No resource has such an id.
    expect(byId.statusCode).toBe(404);
    expect(byId.json().message).toBe(RESOURCE_NOT_FOUND);

    const created = await write(portal.app, admin, 'POST', '/api/distributors', {
      name: 'Nul\u0000 Records',
      uploadable: true,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual([{ path: 'name', message: UNSTORABLE_TEXT }]);
  });

  it('refuses a lone UTF-16 surrogate', async () => {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "\\ud800admin", "password": "x"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(UNSTORABLE_TEXT);
    // A pair is a character like any other.
    const paired = await get(portal.app, admin, `/api/users?q=${encodeURIComponent('🎵')}`);
    expect(paired.statusCode).toBe(200);
  });

  it('refuses a body nested deeper than any request needs, as one no page sends', async () => {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: `{"username": ${'['.repeat(5000)}"a"${']'.repeat(5000)}, "password": "x"}`,
    });
    expect(response.statusCode).toBe(400);
    // No form nests its data: the refusal says the page sent what the portal cannot read.
    expect(response.json().message).toBe(NOT_READABLE);
    // A NUL character after the first field is still named by its field.
    const later = await portal.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'admin@demo.label', password: 'x\u0000' },
    });
    expect(later.json()).toMatchObject({
      message: UNSTORABLE_TEXT,
      errors: [{ path: 'password', message: UNSTORABLE_TEXT }],
    });
  });

  it('refuses integers past PostgreSQL integer range in queries', async () => {
    for (const query of ['offset=9223372036854775808', 'offset=2147483648', 'limit=-1']) {
      const response = await get(portal.app, admin, `/api/users?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(INVALID_FILTERS);
    }
  });
});

describe('dates', () => {
  it('are days that exist in a year PostgreSQL stores', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-12-31')).toBe(true);
    for (const impossible of ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '0000-01-01'])
      expect(isCalendarDate(impossible), impossible).toBe(false);
  });
});
