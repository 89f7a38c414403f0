// The install at a glance for admins (/admin/overview): what runs, what waits and what failed.
import { Type, type Static } from 'typebox';
import { EpochSeconds } from './common';

const literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

const Count = Type.Integer({ minimum: 0 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const StatusCount = Type.Object({ status: Type.String(), count: Count });
export type StatusCount = Static<typeof StatusCount>;

/** Where an error came from: a job's last run, a file refused at reading, a failed calculation. */
export const errorSources = ['job', 'file', 'calculation'] as const;
export type ErrorSource = (typeof errorSources)[number];

export const OverviewError = Type.Object({
  source: literals(errorSources),
  message: Type.String(),
  at: Nullable(EpochSeconds),
  statementId: Nullable(Type.String()),
  statementTitle: Nullable(Type.String()),
  accountName: Nullable(Type.String()),
  /** The job's id when the error is a job's. */
  jobId: Nullable(Type.String()),
});
export type OverviewError = Static<typeof OverviewError>;

export const AdminOverview = Type.Object({
  version: Type.String(),
  database: Type.Object({
    kind: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    /** pg_database_size: the bytes the database takes on disk. */
    sizeBytes: Type.Integer({ minimum: 0 }),
  }),
  events: Count,
  jobs: Type.Object({
    queued: Count,
    running: Count,
    failed: Count,
    done: Count,
    lastError: Nullable(OverviewError),
  }),
  /** Statements per status (SPEC section 4), deleted ones included. */
  statements: Type.Array(StatusCount),
  /** Payments per status everybody reads (scheduled, held, processing, completed, failed). */
  payments: Type.Array(StatusCount),
  outbox: Type.Object({
    count: Count,
    unsent: Count,
    lastWrittenAt: Nullable(EpochSeconds),
    lastSentAt: Nullable(EpochSeconds),
  }),
  /** The latest errors of every source, newest first. */
  errors: Type.Array(OverviewError),
});
export type AdminOverview = Static<typeof AdminOverview>;
