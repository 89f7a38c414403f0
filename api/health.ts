// The health check: answers once the database is reachable.
import { Type, type Static } from 'typebox';

/** A hot standby the read routes may use (DATABASE_READ_URL): named, never by its address. */
export const StandbyHealth = Type.Object({
  name: Type.String(),
  used: Type.Boolean(),
  /** Why it is not used: unreachable or not a standby, or too far behind the primary. */
  reason: Type.Union([Type.Literal('down'), Type.Literal('behind'), Type.Null()]),
  /** Bytes of the primary's log it has still to replay, as a whole number; null while down. */
  lagBytes: Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Null()]),
});

export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.String(),
  /** Present when the portal has standbys: reads fall back to the primary from those not used. */
  standbys: Type.Optional(Type.Array(StandbyHealth)),
});
export type Health = Static<typeof Health>;
