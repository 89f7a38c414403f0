// The routes of /api/openapi.json and request values built from their schemas, for the tests that
// walk every route (authorization across accounts, hostile input).
import type { FastifyInstance } from 'fastify';
import type { AccountFixture } from './tenancy';

export type Schema = Record<string, unknown>;
export interface Operation {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** The other account's id for a path parameter, by the resource the path names. */
export function idFor(path: string, parameter: string, other: AccountFixture): string | null {
  const segments = path.split('/');
  // Admin and analytics routes name their resource after /api/admin/ and /api/analytics/.
  const resource =
    (segments[2] === 'admin' || segments[2] === 'analytics' ? segments[3] : segments[2]) ?? '';
  if (parameter === 'userId') return Object.values(other.users)[0] ?? null;
  // A period is a month or a quarter of whichever label asks: no label's id.
  if (parameter === 'period') return '2026-06';
  // A payee's year-end copy is named by its tax year: the caller's own, whoever asks.
  if (parameter === 'year') return '2026';
  const byResource: Record<string, string> = {
    accounts: other.accountId,
    users: Object.values(other.users)[0] ?? '',
    artists: other.artistId,
    products: other.productId,
    statements: other.statementId,
    earnings: other.statementId,
    recoupments: other.recoupmentId,
    payments: other.paymentId,
    transactions: other.transactionId,
    distributors: 'no-such-distributor',
    business: other.beneficialOwnerId,
    settings: other.documentId,
    'intake-keys': other.intakeKey.id,
    layouts: other.layoutId,
    // Banner messages belong to no label's fixture: an id nobody's message has.
    messages: 'no-such-message',
    // A request of neither account: who may decide is what these routes check first.
    'product-requests': 'no-such-request',
    // The fixtures' portals pay through the sandbox: no label has a bank file.
    'bank-files': 'no-such-bank-file',
    // A period key names a month of the caller's own label, whoever else has one: a month in
    // which neither fixture has anything, which no label can close.
    periods: '2020-01',
  };
  return byResource[resource] ?? null;
}

/** A value of the schema, with the other account's ids where a field names one. */
export function sample(schema: Schema | undefined, field: string, other: AccountFixture): unknown {
  if (!schema) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) {
    const chosen = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return sample(chosen, field, other);
  }
  const name = field.toLowerCase();
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) {
        const idLike = /id$|ids$|email|payee|user|artist|product|statement/i.test(key);
        if (required.has(key) || idLike) value[key] = sample(property, key, other);
      }
      return value;
    }
    case 'array': {
      const count = Math.max(Number(schema.minItems ?? 0), 1);
      return Array.from({ length: count }, () => sample(schema.items as Schema, field, other));
    }
    case 'integer':
    case 'number':
      return name === 'version' ? 1 : Number(schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string': {
      if (name.includes('email') || name === 'username') return 'payee@zephyr.example';
      if (/userid|payeeid|^payee$/.test(name)) return Object.values(other.users)[1] ?? '';
      if (name.includes('artist')) return other.artistId;
      if (name.includes('product')) return other.productId;
      if (name.includes('statement')) return other.statementId;
      if (name === 'accountid' || name === 'account') return other.accountId;
      if (name === 'code' || name === 'isrc') return other.isrc;
      if (typeof schema.pattern === 'string' && /\[0-9\]\{4\}-/.test(schema.pattern))
        return '2026-06-01';
      if (typeof schema.pattern === 'string' && /\[0-9\]/.test(schema.pattern)) return '1';
      return 'x'.repeat(Math.max(Number(schema.minLength ?? 1), 1));
    }
    default:
      return null;
  }
}

export interface ApiRoute {
  method: string;
  path: string;
  operation: Operation;
}

/** Every route the app declares in its OpenAPI document. */
/** Whether the route answers a stream that stays open (Server-Sent Events) rather than one answer. */
export function streams(route: ApiRoute): boolean {
  const responses = (route.operation as { responses?: Record<string, { content?: object }> })
    .responses;
  return Object.values(responses ?? {}).some(
    (response) => response.content !== undefined && 'text/event-stream' in response.content,
  );
}

export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const openapi = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(openapi.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}
