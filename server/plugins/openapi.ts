import swagger from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { bodyErrorResponses, ErrorBody } from '../../api/common';
import { CSRF_HEADER, SESSION_COOKIE } from '../auth/sessions';
import type { RouteAccess } from './auth';

/**
 * The credentials the API takes: the session cookie set by `POST /api/session`, its csrf token
 * (a query parameter on GET, a header on every other method), and a partner distributor's intake
 * key for the intake route.
 */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie that POST /api/session sets',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: "The session's csrf token (its portal_csrf cookie), on every method but GET",
  },
  csrfQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'csrf',
    description: "The session's csrf token (its portal_csrf cookie), on GET",
  },
  intakeKey: {
    type: 'http',
    scheme: 'bearer',
    description: "A partner distributor's intake key",
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

/** The credentials a route's access asks for, as the auth plugin checks them. */
export function securityOf(method: string, access: RouteAccess | undefined): SecurityRequirement[] {
  // A route that declared no access is closed to everyone (the auth plugin answers 403); like every
  // route that is not public, it asks for a session.
  if (access === undefined) return [{ session: [] }];
  if (access === 'public') return [];
  if ('intakeKey' in access) return [{ intakeKey: [] }];
  if (access.csrf === false) return [{ session: [] }];
  return [{ session: [], ...(method === 'GET' ? { csrfQuery: [] } : { csrfHeader: [] }) }];
}

/**
 * A route's operationId: its method and path in camelCase, a path parameter as `By<Name>`
 * (`POST /api/statements/:id/calculate` is `postStatementsByIdCalculate`). A generated client
 * names its calls by it, so it stays the same for as long as the route does.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', ...wordsOf(segment.slice(1))] : wordsOf(segment),
    );
  return [
    method.toLowerCase(),
    ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)),
  ].join('');
}

function wordsOf(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
}

interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
  components: { schemas?: Record<string, unknown> };
}
interface Response {
  content?: Record<string, { schema?: unknown }>;
}

/** JSON text with every object's keys in order: the same schema written twice reads the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
}

/**
 * The document with the error body written once, as `components.schemas.ErrorBody`, and referred
 * to by every answer that sends it, instead of a copy in each of the API's thousand error answers:
 * a generated client gets one named type for all of them.
 */
export function sharingErrorBody<Written extends Document>(document: Written): Written {
  const { $id: _id, ...schema } = ErrorBody as typeof ErrorBody & { $id?: string };
  const name = 'ErrorBody';
  const written = canonical(schema);
  const ref = { $ref: `#/components/schemas/${name}` };
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        for (const media of Object.values(response.content ?? {})) {
          if (media.schema !== undefined && canonical(media.schema) === written) media.schema = ref;
        }
      }
    }
  }
  document.components.schemas = { ...document.components.schemas, [name]: schema };
  return document;
}

/**
 * The published contract, `/api/openapi.json`: @fastify/swagger writes it from the route schemas.
 * What every API route has by one rule is added to its schema here, as the route is declared, so
 * no route can leave it out: its operationId, the credentials its access asks for, and, for a
 * route that reads a body, the 413 (past the body limit) and 415 (a media type it does not read).
 */
export default fp(
  async (app) => {
    const operationIds = new Map<string, string>();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const method = methods[0];
      // HEAD copies its GET, which the document lists instead.
      if (!route.url.startsWith('/api/') || !route.schema || !method || method === 'HEAD') return;
      const schema: FastifySchema & { operationId?: string; security?: unknown } = route.schema;
      const operationId = schema.operationId ?? operationIdOf(method, route.url);
      const taken = operationIds.get(operationId);
      if (taken !== undefined && taken !== `${method} ${route.url}`) {
        throw new Error(`${method} ${route.url} and ${taken} have one operationId: ${operationId}`);
      }
      operationIds.set(operationId, `${method} ${route.url}`);
      route.schema = {
        ...schema,
        operationId,
        security: schema.security ?? securityOf(method, route.config?.access),
        ...(schema.body === undefined || schema.response === undefined
          ? {}
          : { response: { ...bodyErrorResponses, ...(schema.response as object) } }),
      };
    });
    await app.register(swagger, {
      openapi: {
        info: { title: 'Royalty portal API', version: '3.2.0' },
        servers: [{ url: '/', description: 'This portal' }],
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transformObject: (written) =>
        'openapiObject' in written
          ? sharingErrorBody(written.openapiObject as Document)
          : written.swaggerObject,
    });
  },
  { name: 'openapi' },
);
