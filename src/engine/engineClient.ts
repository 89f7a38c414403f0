// The engine for pages: a typed call into the engine worker where a newer request supersedes an older one.
import { wrap, type Endpoint, type Remote } from 'comlink';
import { EngineInputError } from '../../engine/errors';
import type { CalculationResult } from '../../engine/index';
import type { PreviewResult } from '../../engine/preview';
import type { EngineWorkerApi, FetchedPreview } from '../../workers/engine.worker';

/**
 * The rejection of a request that a newer one replaced (or that dispose() dropped). Its name is
 * 'AbortError', so code that already ignores aborted fetches ignores it too.
 */
export class SupersededError extends Error {
  override readonly name = 'AbortError';

  constructor() {
    super('superseded by a newer engine request');
  }
}

export function isSuperseded(error: unknown): error is SupersededError {
  return error instanceof SupersededError;
}

export interface EngineClient {
  /**
   * Calculates in the worker. Only the latest call resolves: every older call still pending
   * rejects at once with SupersededError, and one not yet sent to the worker is never sent.
   */
  calculate(input: unknown): Promise<CalculationResult>;
  /**
   * Keeps a statement in the worker for previews and gives its number; later edits send only
   * their split sets. With `recordTable` (engine/recordTable.ts), its records are the input's. A
   * malformed input rejects with EngineInputError.
   */
  openPreview(input: unknown, recordTable?: string | Uint8Array): Promise<number>;
  /**
   * Has the worker read a preview input's table form at `address` itself (no copy through the
   * page) and open its statement. Null when it could not: the caller asks the API instead.
   */
  openPreviewFrom(address: string): Promise<FetchedPreview | null>;
  /**
   * Recalculates an open statement with `splitSets` (totals, payees, recoupments; no lines).
   * Latest wins, together with calculate(): an older call still pending rejects with
   * SupersededError.
   */
  preview(statement: number, splitSets: unknown): Promise<PreviewResult>;
  /** Frees an open statement in the worker. */
  closePreview(statement: number): void;
  /** Stops the worker; a pending call rejects with SupersededError. */
  dispose(): void;
}

export interface EngineConnection {
  endpoint: Endpoint;
  terminate(): void;
}

function connectWorker(): EngineConnection {
  const worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {
    type: 'module',
  });
  return { endpoint: worker, terminate: () => worker.terminate() };
}

/** Comlink carries an error's name and message; give EngineInputError its class back. */
function restoreError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  return error.name === 'EngineInputError' ? new EngineInputError(error.message) : error;
}

/**
 * Starts the worker. It warms its module up at once (engine/warmUp.ts), unless `warm` is false: a
 * worker started to read a preview input itself (openPreviewFrom) would read the answer only once
 * warm, 100 to 300 ms later, and opening the statement warms the module as much.
 */
export function createEngineClient(
  connect: () => EngineConnection = connectWorker,
  { warm = true }: { warm?: boolean } = {},
): EngineClient {
  const connection = connect();
  const remote: Remote<EngineWorkerApi> = wrap<EngineWorkerApi>(connection.endpoint);
  // Outside the turns below: the first request reaches the worker at once, and waits there.
  if (warm) void remote.warmUp().catch(() => undefined);
  let latestTicket = 0;
  let rejectPending: ((error: Error) => void) | null = null;
  // The worker computes one request at a time; requests wait here for their turn.
  let turn: Promise<void> = Promise.resolve();

  /** Runs `call` in the worker's turn; only the latest of these calls resolves. */
  function latest<T>(call: () => Promise<T>): Promise<T> {
    const ticket = (latestTicket += 1);
    rejectPending?.(new SupersededError());
    return new Promise<T>((resolve, reject) => {
      rejectPending = reject;
      turn = turn.then(async () => {
        if (ticket !== latestTicket) return;
        try {
          const result = await call();
          if (ticket === latestTicket) resolve(result);
        } catch (error) {
          if (ticket === latestTicket) reject(restoreError(error));
        } finally {
          if (ticket === latestTicket) rejectPending = null;
        }
      });
    });
  }

  /** Runs `call` in the worker's turn, superseding nothing. */
  function queued<T>(call: () => Promise<T>): Promise<T> {
    const result = turn.then(call).catch((error: unknown) => {
      throw restoreError(error);
    });
    turn = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  const calculate = (input: unknown) => latest(() => remote.calculate(input));
  const openPreview = (input: unknown, recordTable?: string | Uint8Array) =>
    queued(() => remote.openPreview(input, recordTable));
  const openPreviewFrom = (address: string) => queued(() => remote.openPreviewFrom(address));
  // Sent as JSON text: cheaper to write and to copy to the worker than the sets as objects.
  const preview = (statement: number, splitSets: unknown) =>
    latest(() => remote.preview(statement, JSON.stringify(splitSets) ?? 'null'));
  const closePreview = (statement: number) => {
    void queued(() => remote.closePreview(statement)).catch(() => undefined);
  };

  function dispose(): void {
    latestTicket += 1;
    rejectPending?.(new SupersededError());
    rejectPending = null;
    connection.terminate();
  }

  return { calculate, openPreview, openPreviewFrom, preview, closePreview, dispose };
}
