// The health check: answers once the database is reachable.
import { Type, type Static } from 'typebox';

export const Health = Type.Object({ status: Type.Literal('ok'), database: Type.String() });
export type Health = Static<typeof Health>;
