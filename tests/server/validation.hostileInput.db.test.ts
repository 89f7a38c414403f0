// Every route of /api/openapi.json, as an admin and as a label, with hostile values in each path
// parameter, query field and body field in turn, and malformed multipart bodies: never a 5xx.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startPortal, type LoggedIn, type TestPortal } from './harness';
import { multipart } from './multipart';
import { apiRoutes, idFor, sample, streams, type ApiRoute } from './openapi';
import { openSecondLabel, type AccountFixture } from './tenancy';

/** Tried in every place of every route: what PostgreSQL or a parser cannot take. */
const ALWAYS: unknown[] = [
  'a\u0000b',
  '\ud800',
  '2026-02-30',
  '0000-01-01',
  2 ** 31,
  2 ** 63,
  '9223372036854775808',
  -1,
  'x'.repeat(70_000),
  null,
  {},
  [],
];

/** Values that have broken servers: storage limits, encodings, dates, types, sizes. */
const hostileValue = fc.oneof(
  fc.constantFrom<unknown>(
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udfffy',
    '2026-02-30',
    '0000-01-01',
    '9999-12-31T25:61:00Z',
    '-1',
    '1e309',
    'NaN',
    '9223372036854775808',
    '99999999999999999999999999999999999.999999999999999',
    "'; drop table users; --",
    '../../etc/passwd',
    '\u202etxt.exe',
    '%00',
    '',
    ' ',
    'x'.repeat(70_000),
    2 ** 31,
    2 ** 63,
    -(2 ** 63),
    1.5,
    -1,
    Number.MAX_SAFE_INTEGER,
    true,
    null,
    [],
    {},
    [null],
    { $ne: 1 },
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
);

/** Percent-encodes a path segment; a lone surrogate goes as the bytes a careless client sends. */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** Each place of a request a value can go, for one route. */
function placesOf(route: ApiRoute, base: Record<string, unknown>): string[] {
  const places: string[] = [];
  for (const match of route.path.matchAll(/\{([^}]+)\}/g)) places.push(`path:${match[1]}`);
  const parameters = (route.operation as { parameters?: { in: string; name: string }[] })
    .parameters;
  for (const parameter of parameters ?? []) {
    if (parameter.in === 'query') places.push(`query:${parameter.name}`);
  }
  for (const key of Object.keys(base)) places.push(`body:${key}`);
  return places;
}

/** 10 KB of JSON nested 5,000 levels deep: `[[[…1…]]]`. */
const DEEPLY_NESTED = `${'['.repeat(5000)}1${']'.repeat(5000)}`;

/** A file part of each type an upload route reads: statements and samples, and ID documents. */
const UPLOADED_FILES = [
  {
    filename: 'sample.csv',
    content: `Title,ISRC,Amount\n${'Song,US1234567890,1.00\n'.repeat(20_000)}`,
  },
  { filename: 'scan.pdf', content: `%PDF-1.4\n${'0'.repeat(400_000)}` },
];

describe('hostile input on every route', () => {
  let portal: TestPortal;
  let second: AccountFixture;
  const callers: Record<string, LoggedIn> = {};

  beforeAll(async () => {
    portal = await startPortal({ rateLimit: { max: 1_000_000, timeWindow: 60_000 } });
    portal.app.log.level = 'silent';
    second = await openSecondLabel(portal);
    callers.admin = await login(portal.app, 'admin@demo.label');
    callers.label = await login(portal.app, 'label@demo.label');
  });
  afterAll(() => portal.close());

  it('answers every generated request below 500', async () => {
    const routes = apiRoutes(portal.app).filter(
      // Ending the caller's own session would only turn the rest into 401s; a live stream stays
      // open by design (its own test sends it hostile input).
      (route) => !(route.method === 'DELETE' && route.path === '/api/session') && !streams(route),
    );
    const failures: string[] = [];
    let tried = 0;
    for (const [who, caller] of Object.entries(callers)) {
      for (const route of routes) {
        const schema = route.operation.requestBody?.content?.['application/json']?.schema;
        const base = (schema ? sample(schema, '', second) : {}) as Record<string, unknown>;
        const places = placesOf(route, base && typeof base === 'object' ? base : {});
        if (places.length === 0) continue;
        const attempt = async (place: string, value: unknown) => {
          const [kind, name = ''] = place.split(':');
          const body = { ...base };
          const query = new URLSearchParams({ csrf: caller.csrf });
          let path = route.path.replace(/\{([^}]+)\}/g, (_whole, parameter: string) =>
            pathSegment(
              kind === 'path' && parameter === name
                ? String(value)
                : (idFor(route.path, parameter, second) ?? 'x'),
            ),
          );
          if (kind === 'query') query.set(name, String(value));
          if (kind === 'body') body[name] = value;
          if (route.method !== 'GET') path = `${path}${kind === 'query' ? `?${query}` : ''}`;
          else path = `${path}?${query}`;
          const response = await portal.app.inject({
            method: route.method as 'GET',
            url: path,
            cookies: caller.cookies,
            headers: { 'x-csrf-token': caller.csrf },
            ...(route.method === 'GET' || !schema ? {} : { payload: body }),
          });
          tried += 1;
          if (response.statusCode >= 500)
            failures.push(
              `${who} ${route.method} ${route.path} ${place}=${JSON.stringify(value).slice(0, 60)}: ${response.statusCode}`,
            );
        };
        for (const place of places) for (const value of ALWAYS) await attempt(place, value);
        await fc.assert(fc.asyncProperty(fc.constantFrom(...places), hostileValue, attempt), {
          numRuns: 8,
          seed: 20261123,
        });
      }
    }
    console.info(`hostile input: ${tried} requests, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
    // Thousands of requests, more with every route and body field: the default minute is too short.
  }, 600_000);

  it('answers bodies nested deep, long multipart boundaries and cut multipart bodies below 500', async () => {
    const routes = apiRoutes(portal.app).filter(
      (route) =>
        route.method !== 'GET' &&
        !(route.method === 'DELETE' && route.path === '/api/session') &&
        !streams(route),
    );
    const uploads = routes.filter(
      (route) => route.operation.requestBody?.content?.['multipart/form-data'] !== undefined,
    );
    const failures: string[] = [];
    let tried = 0;
    const whoever: Record<string, LoggedIn | null> = { ...callers, 'logged out': null };
    for (const [who, caller] of Object.entries(whoever)) {
      const send = async (
        route: ApiRoute,
        shape: string,
        contentType: string,
        payload: string | Buffer | Readable,
      ) => {
        const response = await portal.app.inject({
          method: route.method as 'POST',
          url: route.path.replace(/\{([^}]+)\}/g, (_whole, parameter: string) =>
            pathSegment(idFor(route.path, parameter, second) ?? 'x'),
          ),
          ...(caller ? { cookies: caller.cookies } : {}),
          headers: {
            'content-type': contentType,
            ...(caller ? { 'x-csrf-token': caller.csrf } : {}),
          },
          payload,
        });
        tried += 1;
        if (response.statusCode >= 500)
          failures.push(`${who} ${route.method} ${route.path} ${shape}: ${response.statusCode}`);
        else if (response.statusCode >= 400)
          expect(response.json().message, `${route.path} ${shape}`).toEqual(expect.any(String));
      };
      for (const route of routes) {
        await send(route, 'nested 5,000 deep', 'application/json', `{"value":${DEEPLY_NESTED}}`);
        await send(route, 'nested 5,000 deep', 'application/json', DEEPLY_NESTED);
      }
      for (const route of uploads) {
        const longBoundary = 'b'.repeat(300);
        const file = UPLOADED_FILES[0]!;
        await send(
          route,
          'a 300-character boundary',
          `multipart/form-data; boundary=${longBoundary}`,
          `--${longBoundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n\r\n${file.content}\r\n--${longBoundary}--\r\n`,
        );
        for (const part of ['body', 'template']) {
          const nested = multipart([
            { name: part, value: DEEPLY_NESTED },
            { name: 'file', ...file },
          ]);
          await send(
            route,
            `${part} part nested 5,000 deep`,
            nested.headers['content-type']!,
            nested.payload,
          );
        }
        for (const file of UPLOADED_FILES) {
          // The body ends in the middle of the file, in two pieces as the network brings them: the
          // route is already reading the file when the reader finds it cut short.
          const whole = multipart([{ name: 'file', ...file }]);
          const cut = whole.payload.subarray(0, Math.floor(whole.payload.length / 2));
          const half = Math.floor(cut.length / 2);
          await send(
            route,
            `${file.filename} cut short`,
            whole.headers['content-type']!,
            Readable.from([cut.subarray(0, half), cut.subarray(half)]),
          );
        }
      }
    }
    console.info(
      `hostile bodies: ${tried} requests on ${routes.length} routes (${uploads.length} uploads), ${failures.length} answered 5xx`,
    );
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses malformed multipart uploads with a 4xx', async () => {
    const label = callers.label!;
    const bodies: { name: string; type: string; payload: Buffer }[] = [
      { name: 'no boundary', type: 'multipart/form-data', payload: Buffer.from('--x\r\n') },
      {
        name: 'truncated',
        type: 'multipart/form-data; boundary=abc',
        payload: Buffer.from(
          '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b',
        ),
      },
      {
        name: 'random bytes',
        type: 'multipart/form-data; boundary=abc',
        payload: Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)),
      },
      {
        name: 'a NUL in the file name',
        type: 'multipart/form-data; boundary=abc',
        payload: Buffer.from(
          '--abc\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.csv"\r\n\r\na,b\r\n--abc--\r\n',
        ),
      },
    ];
    for (const body of bodies) {
      const response = await portal.app.inject({
        method: 'POST',
        url: '/api/statement/upload',
        cookies: label.cookies,
        headers: { 'x-csrf-token': label.csrf, 'content-type': body.type },
        payload: body.payload,
      });
      expect(response.statusCode, body.name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body.name).toBeLessThan(500);
      expect(response.json().message, body.name).toEqual(expect.any(String));
    }
  });
});
