// The history of one thing (a product, a recoupment, a payment, an account), event by event, for
// the browser's replay: read again from the last sequence number it holds.
import { Type, type Static } from 'typebox';
import { EpochSeconds } from './common';

export const HistoryQuery = Type.Object(
  {
    /** Only events after this global sequence number; 0 (the default) reads them all. */
    after: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$', default: '0' })),
  },
  { additionalProperties: false },
);
export type HistoryQuery = Static<typeof HistoryQuery>;

/** One recorded change: secrets and other people's figures are left out of `data`. */
export const HistoryEvent = Type.Object({
  seq: Type.String({ description: 'The global sequence number of the event' }),
  streamId: Type.String(),
  version: Type.Integer(),
  type: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  actor: Type.Union([Type.String(), Type.Null()]),
  actorName: Type.Union([Type.String(), Type.Null()]),
  emulatingActor: Type.Union([Type.String(), Type.Null()]),
  at: EpochSeconds,
});
export type HistoryEvent = Static<typeof HistoryEvent>;

export const StreamHistory = Type.Object({
  /** The events after `after`, in global order. */
  items: Type.Array(HistoryEvent),
  /** More events follow the last one given: ask again after it. */
  more: Type.Boolean(),
});
export type StreamHistory = Static<typeof StreamHistory>;

/** The stream kinds a history is read for. */
export const historyKinds = ['product', 'recoupment', 'payment', 'account'] as const;
export type HistoryKind = (typeof historyKinds)[number];
