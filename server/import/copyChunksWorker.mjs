// Starts a statement's reading thread (copyChunksThread.ts). Plain JavaScript: Node starts a
// worker outside the TypeScript loader the server runs under, so the thread registers it first.
import { register } from 'tsx/esm/api';

register();
await import('./copyChunksThread.ts');
