import type { WorkerOptions } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { proposeLayout } from '../../../server/import/proposeLayout';
import { previewStatementFile } from '../../../server/import/preview';
import { DISTROKID } from '../../../server/import/templates';
import { fixture } from './helpers';

/** The decoder threads started and not yet ended: the real Worker, counted. */
const live = vi.hoisted(() => new Set<object>());
vi.mock('node:worker_threads', async (original) => {
  const threads = await original<typeof import('node:worker_threads')>();
  class CountedWorker extends threads.Worker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      live.add(this);
      this.once('exit', () => live.delete(this));
    }
  }
  return { ...threads, Worker: CountedWorker };
});

describe('a file check reads the start of a compressed file, and no more', () => {
  // The check read a megabyte and left the decoder waiting to hand over the next: one thread
  // and its memory kept for good per file checked.
  // 16,000 rows of DistroKid's bank export, 1.26 MB, compressed by `xz -9e` and `bzip2 -9`.
  it.each(['xz', 'bz2'])(
    'ends the decoder thread of a .tsv.%s once its start is read',
    async (suffix) => {
      const file = {
        name: `statement.tsv.${suffix}`,
        bytes: fixture(`distrokid-16000-rows.tsv.${suffix}`),
      };
      const candidates = [{ id: 'distrokid', name: 'DistroKid', template: DISTROKID }];
      const preview = await previewStatementFile(file, candidates);
      expect(preview.matches.map((match) => match.distributor)).toEqual(['DistroKid']);
      expect(live.size).toBe(0);
      const proposal = await proposeLayout(file);
      expect(proposal.header).toContain('Earnings (USD)');
      expect(live.size).toBe(0);
    },
  );
});
