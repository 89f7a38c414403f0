// A fresh engine module in a Node worker thread, for `npm run bench:engine`: times its first
// calculation of the statement it is given, after warming it up as the server and the browser
// worker do (engine/warmUp.ts) or not, so the benchmark shows what the warm-up saves.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { calculateWasm, loadEngine } = await import('../engine/loader.ts');
const { warmUpEngine } = await import('../engine/warmUp.ts');
const started = performance.now();
if (workerData.warm) await warmUpEngine();
else await loadEngine();
const warmed = performance.now();
await calculateWasm(workerData.input);
parentPort.postMessage({ warmUpMs: warmed - started, firstCallMs: performance.now() - warmed });
