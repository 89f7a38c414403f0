import type { TestProject } from 'vitest/node';
import { makeTemplates, type DatabaseTemplates } from '../server/databaseTemplates';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Once per run: the migrated and the seeded database every test file starts from a copy of. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const { templates, remove } = await makeTemplates();
  project.provide('databaseTemplates', templates);
  console.log(
    `database templates (${templates.kind}) ready in ${Math.round(performance.now() - started)} ms`,
  );
  return remove;
}
