import type { TestProject } from 'vitest/node';
import { makeTemplates, type DatabaseTemplates } from '../server/databaseTemplates';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * The run's templates, made by the first project that asks (`server` and `server-alone` both
 * run this setup; each project may load it as a module of its own, so the run keeps them on the
 * process), and removed when the last of them is done.
 */
interface Shared {
  made: Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }>;
  users: number;
}
const SHARED = Symbol.for('portal.databaseTemplates');
const run = globalThis as { [SHARED]?: Shared };

/** Once per run: the migrated and the seeded database every test file starts from a copy of. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  let shared = run[SHARED];
  if (!shared) {
    shared = { made: makeTemplates(), users: 0 };
    run[SHARED] = shared;
    const { templates } = await shared.made;
    console.log(
      `database templates (${templates.kind}) ready in ${Math.round(performance.now() - started)} ms`,
    );
  }
  shared.users += 1;
  const { templates, remove } = await shared.made;
  project.provide('databaseTemplates', templates);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete run[SHARED];
    await remove();
  };
}
