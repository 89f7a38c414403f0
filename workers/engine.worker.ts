// Runs the engine off the main thread: WASM first, the decimal.js reference when it cannot load.
import { expose } from 'comlink';
import { calculate, type CalculationResult } from '../engine/index';
import { warmUpEngine } from '../engine/warmUp';

export const engineWorkerApi = {
  /** Validates and calculates; a malformed input rejects with an error named EngineInputError. */
  calculate(input: unknown): Promise<CalculationResult> {
    return calculate(input, { backend: 'wasm' });
  },
};

export type EngineWorkerApi = typeof engineWorkerApi;

expose(engineWorkerApi);

// Optimises the module before the first preview (engine/warmUp.ts); requests queue behind it.
void warmUpEngine();
