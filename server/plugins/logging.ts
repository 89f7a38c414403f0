import type { FastifyRequest } from 'fastify';

/** Query values that are credentials: never written into a log. */
const SECRET_QUERY_VALUES = ['csrf', 'token'];

/** The path and query of a request with its credential values replaced by `[redacted]`. */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of SECRET_QUERY_VALUES) {
    if (query.has(name)) {
      query.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${query.toString()}` : url;
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
