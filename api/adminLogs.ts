// The admin statement log and the admin status log (SPEC section 7): every pipeline step of every
// statement, and every run of the job queue.
import { Type, type Static } from 'typebox';
import { EpochSeconds, ListOf } from './common';

const literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

const Id = Type.String({ minLength: 1, maxLength: 100 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
};

export const StatementLogQuery = Type.Object(
  {
    account: Type.Optional(Id),
    statement: Type.Optional(Id),
    /** The statement's status now (SPEC section 4's statuses). */
    status: Type.Optional(Type.String({ pattern: '^[a-z-]{1,40}$' })),
    ...Paging,
  },
  { additionalProperties: false },
);
export type StatementLogQuery = Static<typeof StatementLogQuery>;

export const stepOutcomes = ['ok', 'failed'] as const;
export type StepOutcome = (typeof stepOutcomes)[number];

/** One step of a statement's pipeline: an event of its stream, timed from the step before it. */
export const StatementLogStep = Type.Object({
  seq: Type.String(),
  statementId: Type.String(),
  statementTitle: Type.String(),
  accountId: Type.String(),
  accountName: Type.String(),
  type: Type.String(),
  /** The machine event of a transition (`calculation.done`), for debug mode and its label. */
  machineEvent: Nullable(Type.String()),
  /** The statement's status after the step, when the step moved it. */
  statusAfter: Nullable(Type.String()),
  /** The file the step read or refused. */
  fileName: Nullable(Type.String()),
  outcome: literals(stepOutcomes),
  message: Nullable(Type.String()),
  at: EpochSeconds,
  /** Seconds since the statement's step before this one; null for its first step. */
  durationSeconds: Nullable(Type.Integer({ minimum: 0 })),
});
export type StatementLogStep = Static<typeof StatementLogStep>;

export const StatementLog = ListOf(StatementLogStep);
export type StatementLog = Static<typeof StatementLog>;

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const JobLogQuery = Type.Object(
  {
    account: Type.Optional(Id),
    statement: Type.Optional(Id),
    status: Type.Optional(literals(jobStatuses)),
    ...Paging,
  },
  { additionalProperties: false },
);
export type JobLogQuery = Static<typeof JobLogQuery>;

export const JobRun = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  status: Type.String(),
  attempts: Type.Integer({ minimum: 0 }),
  error: Nullable(Type.String()),
  statementId: Nullable(Type.String()),
  statementTitle: Nullable(Type.String()),
  accountName: Nullable(Type.String()),
  createdAt: EpochSeconds,
  startedAt: Nullable(EpochSeconds),
  finishedAt: Nullable(EpochSeconds),
  /** Seconds of its last run, from start to finish. */
  durationSeconds: Nullable(Type.Integer({ minimum: 0 })),
});
export type JobRun = Static<typeof JobRun>;

export const JobLog = ListOf(JobRun);
export type JobLog = Static<typeof JobLog>;
