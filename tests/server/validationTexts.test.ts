// What people read when the API refuses a request by its schema: the texts of the forms and of
// SPEC section 8, never the schema checker's own words ("body/token must NOT have fewer than 10
// characters"). Every JSON body of /api/openapi.json, each field in turn given values its schema
// refuses, and every query and path parameter given values it refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_FAILED } from '../../server/routes/accountLinks';
import { NOT_READABLE, TEXT_TOO_LONG } from '../../server/validationTexts';
import { login, startPortal, write, type LoggedIn, type TestPortal } from './harness';
import { apiRoutes, sample, streams, type ApiRoute, type Schema } from './openapi';
import type { AccountFixture } from './tenancy';

/** The schema checker's phrases and the request parts it names: none may reach a reader. */
const CHECKER_WORDS: readonly RegExp[] = [
  /must NOT/,
  /must be (string|number|integer|boolean|object|array|null|equal|valid text|[<>=])/,
  /must have (required )?propert/,
  /must match/,
  /must pass/,
  /must not contain a NUL/,
  /additional propert/i,
  /\b(anyOf|oneOf|allOf|instancePath|schemaPath)\b/,
  /\b(body|querystring|params|headers)(\/|\.\w| must)/,
  /Invalid request/,
  // A field as code names it: camelCase or snake_case.
  /\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/,
  /\b[a-z]+_[a-z_]+\b/,
];

/** Values of a schema node it refuses, each alone: wrong kinds, lengths, ranges and texts. */
function refusedValues(schema: Schema): unknown[] {
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return variants.flatMap(refusedValues).concat([[[]]]);
  if (Array.isArray(schema.enum) || 'const' in schema) return ['no-such-choice', 7];
  switch (schema.type) {
    case 'string': {
      const values: unknown[] = [12, 'a\u0000b', '\ud800x'];
      const { minLength, maxLength, pattern, format } = schema as {
        minLength?: number;
        maxLength?: number;
        pattern?: string;
        format?: string;
      };
      if (minLength && minLength > 0) values.push('', 'x'.repeat(minLength - 1));
      if (maxLength !== undefined) values.push('7'.repeat(maxLength + 1));
      if (pattern) values.push('-1', 'abc', '1.0000000000001');
      if (format) values.push('2026-02-30');
      return values;
    }
    case 'integer':
    case 'number': {
      const values: unknown[] = ['12', 1.5, 2 ** 40, -(2 ** 40)];
      if (typeof schema.minimum === 'number') values.push(schema.minimum - 1);
      if (typeof schema.maximum === 'number') values.push(schema.maximum + 1);
      return values;
    }
    case 'boolean':
      return ['yes', 1];
    case 'array':
      return ['text', [{ nested: true }]];
    case 'object':
      return ['text', [], { surely_unknown_field: 1 }];
    default:
      return [];
  }
}

/** Each field of a body, by its path, with its schema. */
function fieldsOf(schema: Schema, path: string[] = []): { path: string[]; schema: Schema }[] {
  const here = path.length > 0 ? [{ path, schema }] : [];
  if (schema.type === 'object' && schema.properties) {
    const properties = schema.properties as Record<string, Schema>;
    return here.concat(
      Object.entries(properties).flatMap(([key, property]) => fieldsOf(property, [...path, key])),
    );
  }
  if (schema.type === 'array' && schema.items) {
    return here.concat(fieldsOf(schema.items as Schema, [...path, '0']));
  }
  return here;
}

function withValue(base: unknown, path: readonly string[], value: unknown): unknown {
  const copy = structuredClone(base ?? {}) as Record<string, unknown>;
  let node = copy;
  path.slice(0, -1).forEach((segment, index) => {
    const next = node[segment];
    node[segment] =
      next !== null && typeof next === 'object' ? next : /^\d+$/.test(path[index + 1]!) ? [] : {};
    node = node[segment] as Record<string, unknown>;
  });
  node[path.at(-1)!] = value;
  return copy;
}

function withoutField(base: unknown, field: string): unknown {
  const copy = { ...(base as Record<string, unknown>) };
  delete copy[field];
  return copy;
}

/** Stand-in ids for the sample bodies: the walk reads only what the schema check answers. */
const NO_ACCOUNT: AccountFixture = {
  accountId: 'no-such-account',
  accountName: 'No Such Label',
  users: { 'nobody@example.com': 'no-such-user' },
  productId: 'no-such-product',
  artistId: 'no-such-artist',
  statementId: 'no-such-statement',
  recoupmentId: 'no-such-recoupment',
  paymentId: 'no-such-payment',
  transactionId: 'no-such-transaction',
  beneficialOwnerId: 'no-such-owner',
  documentId: 'no-such-document',
  intakeKey: { id: 'no-such-key', secret: 'no-such-secret' },
  layoutId: 'no-such-layout',
  isrc: 'QZNOSUCH0001',
  secrets: [],
};

/** Calls that end or change the caller's own session would turn the rest of the walk into 401s. */
const SESSION_CHANGING = new Set([
  'DELETE /api/session',
  'POST /api/session/emulate',
  'PUT /api/session/emulate',
  'DELETE /api/session/emulate',
]);

describe('what a refused request says', () => {
  let portal: TestPortal;
  const callers: Record<string, LoggedIn | null> = {};

  beforeAll(async () => {
    portal = await startPortal({ rateLimit: { max: 1_000_000, timeWindow: 60_000 } });
    portal.app.log.level = 'silent';
    callers.admin = await login(portal.app, 'admin@demo.label');
    callers.label = await login(portal.app, 'label@demo.label');
    callers.payee = await login(portal.app, 'payee@demo.label');
    callers.nobody = null;
  });
  afterAll(() => portal.close());

  const send = (
    route: ApiRoute,
    caller: LoggedIn | null,
    options: { body?: unknown; query?: Record<string, string>; param?: string },
  ) => {
    const path = route.path.replace(/\{[^}]+\}/g, () =>
      encodeURIComponent(options.param ?? 'no-such-id'),
    );
    const query = new URLSearchParams({ ...(caller ? { csrf: caller.csrf } : {}) });
    for (const [name, value] of Object.entries(options.query ?? {})) query.set(name, value);
    return portal.app.inject({
      method: route.method as 'GET',
      url: `${path}?${query}`,
      ...(caller ? { cookies: caller.cookies, headers: { 'x-csrf-token': caller.csrf } } : {}),
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  };

  it('never shows the schema checker’s words or a field’s code name', async () => {
    const routes = apiRoutes(portal.app).filter(
      (route) => !SESSION_CHANGING.has(`${route.method} ${route.path}`) && !streams(route),
    );
    const shown: string[] = [];
    const tried = { routes: 0, requests: 0, refused: 0 };
    for (const route of routes) {
      const schema = route.operation.requestBody?.content?.['application/json']?.schema;
      const base = schema ? sample(schema, '', NO_ACCOUNT) : undefined;
      // The first caller the route lets in: the schema is checked after the permissions.
      let caller: LoggedIn | null | undefined;
      for (const candidate of Object.values(callers)) {
        const answer = await send(route, candidate, { body: base });
        if (![401, 403].includes(answer.statusCode)) {
          caller = candidate;
          break;
        }
      }
      if (caller === undefined) continue;
      tried.routes += 1;
      const check = async (
        what: string,
        options: { body?: unknown; query?: Record<string, string>; param?: string },
      ) => {
        const answer = await send(route, caller, options);
        tried.requests += 1;
        if (answer.statusCode < 400 || answer.statusCode >= 500) return;
        tried.refused += 1;
        const body = answer.json<{
          message?: string;
          title?: string;
          errors?: { message: string }[];
        }>();
        const texts = [body.message, body.title, ...(body.errors ?? []).map((e) => e.message)];
        for (const text of texts) {
          if (text && CHECKER_WORDS.some((words) => words.test(text)))
            shown.push(`${route.method} ${route.path} ${what}: ${text}`);
        }
      };

      if (schema) {
        for (const field of fieldsOf(schema)) {
          for (const value of refusedValues(field.schema))
            await check(`${field.path.join('/')}=${JSON.stringify(value).slice(0, 30)}`, {
              body: withValue(base, field.path, value),
            });
        }
        for (const required of (schema.required ?? []) as string[])
          await check(`without ${required}`, { body: withoutField(base, required) });
        await check('an unknown field', { body: { ...(base as object), surely_unknown: 1 } });
        await check('a list for a body', { body: [base] });
      }
      const parameters = (route.operation as { parameters?: { in: string; name: string }[] })
        .parameters;
      for (const parameter of parameters ?? []) {
        if (parameter.in !== 'query') continue;
        for (const value of ['-1', 'abc', 'a\u0000b', '9'.repeat(40), 'x'.repeat(5000)])
          await check(`?${parameter.name}=${value.slice(0, 20)}`, {
            body: base,
            query: { [parameter.name]: value },
          });
      }
      if (route.path.includes('{'))
        for (const value of ['a\u0000b', 'x'.repeat(101)])
          await check(`path ${value.slice(0, 10)}`, { body: base, param: value });
    }
    console.info(
      `refusal texts: ${tried.routes} routes, ${tried.requests} requests, ${tried.refused} refused, ${shown.length} in the checker's words`,
    );
    expect(shown).toEqual([]);
    // A few thousand requests, each route's schema in turn.
  }, 300_000);

  it('says a reset link cut short failed, as an expired one does', async () => {
    const answer = await portal.app.inject({
      method: 'POST',
      url: '/api/password-resets/complete',
      payload: { token: 'abc', password: 'A long enough passw0rd!' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: RESET_FAILED,
      errors: [{ path: 'token', message: RESET_FAILED }],
    });
  });

  it('refuses a negative amount of funds with SPEC’s text, beside the field', async () => {
    const lena = await login(portal.app, 'label@demo.label');
    // The amount is read before the statement is looked for.
    const answer = await write(portal.app, lena, 'POST', '/api/statements/any/funds', {
      amount: '-5',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: 'An amount must be positive.',
      errors: [{ path: 'amount', message: 'An amount must be positive.' }],
    });
  });

  it('names what is wrong in the person’s words: too long, missing, a page out of date', async () => {
    const ada = await login(portal.app, 'admin@demo.label');
    const long = await write(portal.app, ada, 'POST', '/api/distributors', {
      name: 'x'.repeat(121),
      uploadable: true,
    });
    expect(long.json()).toEqual({
      message: TEXT_TOO_LONG,
      errors: [{ path: 'name', message: TEXT_TOO_LONG }],
    });
    const unknown = await write(portal.app, ada, 'POST', '/api/distributors', {
      name: 'Nova',
      uploadable: true,
      colour: 'red',
    });
    expect(unknown.json().message).toBe(NOT_READABLE);
  });
});
