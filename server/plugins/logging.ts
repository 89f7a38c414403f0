import type { FastifyRequest } from 'fastify';
import { INTAKE_KEY_PREFIX } from '../auth/intakeKeys';

/** Query values that are credentials: never written into a log. */
const SECRET_QUERY_VALUES = ['csrf', 'token'];

/** An intake key wherever it is, under whatever name: a partner may send one by mistake. */
const INTAKE_KEY = new RegExp(`${INTAKE_KEY_PREFIX}[A-Za-z0-9_-]+`, 'g');

/**
 * The path and query of a request with its credential values replaced by `[redacted]`, and any
 * intake key in it, whatever the name it was sent under.
 */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let redacted = url;
  if (queryStart >= 0) {
    const query = new URLSearchParams(url.slice(queryStart + 1));
    const secrets = SECRET_QUERY_VALUES.filter((name) => query.has(name));
    for (const name of secrets) query.set(name, '[redacted]');
    if (secrets.length > 0) redacted = `${url.slice(0, queryStart)}?${query.toString()}`;
  }
  return redacted.replace(INTAKE_KEY, '[redacted]');
}

/** The logger the server runs with: pino at `level`, requests logged without their secrets. */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
