// Runs the engine off the main thread: WASM first, the decimal.js reference when it cannot load.
import { expose } from 'comlink';
import { warmUpEngine } from '../engine/warmUp';
import { engineWorkerApi } from './engineWorkerApi';

export type { EngineWorkerApi } from './engineWorkerApi';

expose(engineWorkerApi);

// Optimises the module before the first preview (engine/warmUp.ts); requests queue behind it.
void warmUpEngine();
