// Runs the engine off the main thread: WASM first, the decimal.js reference when it cannot load.
import { expose } from 'comlink';
import { engineWorkerApi } from './engineWorkerApi';

export type { EngineWorkerApi, FetchedPreview } from './engineWorkerApi';

// The module warms up when the page's engine client asks (engineWorkerApi.warmUp).
expose(engineWorkerApi);
