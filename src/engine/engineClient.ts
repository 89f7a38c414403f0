// The engine for pages: a typed call into the engine worker where a newer request supersedes an older one.
import { wrap, type Endpoint, type Remote } from 'comlink';
import { EngineInputError } from '../../engine/errors';
import type { CalculationResult } from '../../engine/index';
import type { EngineWorkerApi } from '../../workers/engine.worker';

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

export function createEngineClient(connect: () => EngineConnection = connectWorker): EngineClient {
  const connection = connect();
  const remote: Remote<EngineWorkerApi> = wrap<EngineWorkerApi>(connection.endpoint);
  let latestTicket = 0;
  let rejectPending: ((error: Error) => void) | null = null;
  // The worker computes one request at a time; requests wait here for their turn.
  let turn: Promise<void> = Promise.resolve();

  function calculate(input: unknown): Promise<CalculationResult> {
    const ticket = (latestTicket += 1);
    rejectPending?.(new SupersededError());
    return new Promise<CalculationResult>((resolve, reject) => {
      rejectPending = reject;
      turn = turn.then(async () => {
        if (ticket !== latestTicket) return;
        try {
          const result = await remote.calculate(input);
          if (ticket === latestTicket) resolve(result);
        } catch (error) {
          if (ticket === latestTicket) reject(restoreError(error));
        } finally {
          if (ticket === latestTicket) rejectPending = null;
        }
      });
    });
  }

  function dispose(): void {
    latestTicket += 1;
    rejectPending?.(new SupersededError());
    rejectPending = null;
    connection.terminate();
  }

  return { calculate, dispose };
}
