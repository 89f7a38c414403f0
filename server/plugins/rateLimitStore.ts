import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/database';

// Rows of windows long over are swept now and then, by whichever process counts that request.
const SWEEP_EVERY = 1000;

const INCREMENT_SQL = `
  insert into rate_limits (key, count, window_start) values ($1, 1, clock_timestamp())
  on conflict (key) do update set
    count = case when rate_limits.window_start + $2::bigint * interval '1 millisecond' <= clock_timestamp()
                 then 1 else rate_limits.count + 1 end,
    window_start = case when rate_limits.window_start + $2::bigint * interval '1 millisecond' <= clock_timestamp()
                        then clock_timestamp() else rate_limits.window_start end
  returning count,
    greatest(0, ceil(extract(epoch from (window_start + $2::bigint * interval '1 millisecond'
                                           - clock_timestamp())) * 1000))::bigint::text as ttl`;

/**
 * A rate-limit store in PostgreSQL, so every server behind the load balancer counts a client's
 * requests together: with N servers the limit stays the limit, not N times it. Windows are fixed
 * and timed by the database's clock, which all the servers share.
 */
export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let counted = 0;
  const store = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      counted += 1;
      if (counted % SWEEP_EVERY === 0) {
        void db
          .query(`delete from rate_limits where window_start < now() - interval '1 day'`)
          .catch(() => {});
      }
      db.query<{ count: number; ttl: string }>(INCREMENT_SQL, [`${prefix}${key}`, timeWindow])
        .then(([row]) =>
          callback(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) }),
        )
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
    // Each route with a limit of its own counts apart from the global one.
    child: (routeOptions) => {
      // The plugin hands the route as routeInfo, as its own Redis store reads it.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return store(`${route?.method ?? ''}${route?.url ?? ''}-`);
    },
  });
  return class {
    constructor() {
      return store('');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
