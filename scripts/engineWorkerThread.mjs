// The engine worker in a Node worker thread, for `npm run bench:engine`: the browser worker's API
// (workers/engineWorkerApi.ts) over Comlink on the thread's port, warmed up as the browser worker
// is, so the benchmark pays the same structured clones and thread hop a page does.
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { engineWorkerApi } = await import('../workers/engineWorkerApi.ts');
const { warmUpEngine } = await import('../engine/warmUp.ts');
await warmUpEngine();
expose(engineWorkerApi, nodeEndpoint(parentPort));
parentPort.postMessage('ready');
