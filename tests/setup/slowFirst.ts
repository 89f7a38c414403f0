import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, slowest first (measured on a 2-core machine: 97, 62, 44, 37, 29,
 * 27, 19, 16, 15 and 12 s). On a fresh clone vitest knows no durations and starts larger files
 * first, server files before the pure code: a long file starting last runs alone at the end while
 * the other core waits. Started first, they run beside the many short ones.
 */
const SLOWEST = [
  'tests/server/payments/moneyInvariants.property.test.ts',
  'tests/server/payments/crash.db.test.ts',
  'tests/engine/differential.test.ts',
  'tests/server/validation.hostileInput.db.test.ts',
  'tests/server/cli/dataDirLock.test.ts',
  'tests/server/statements/parseJob.crash.test.ts',
  'tests/server/jobs/severalServers.db.test.ts',
  'tests/server/plugins/auth.test.ts',
  'tests/server/cli/cli.test.ts',
  'tests/server/import/copyChunks.db.test.ts',
];

/** Vitest's order (durations of earlier runs when it has them), the slowest known files first. */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = SLOWEST.indexOf(relative(this.ctx.config.root, spec.moduleId));
      return at === -1 ? SLOWEST.length : at;
    };
    // Array.prototype.sort is stable: every other file keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
