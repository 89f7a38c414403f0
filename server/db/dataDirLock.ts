import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Who holds an embedded data folder: the server while it runs, a command-line tool while it works. */
export type LockHolder = 'server' | 'tool';

interface LockContent {
  pid: number;
  holder: LockHolder;
  since: string;
}

/** The lock file in the data folder; PGlite itself is one process's database only. */
export const lockFileOf = (dataDir: string) => join(dataDir, 'portal.lock');

/** A data folder another live process holds: opening it would write under that process's feet. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockContent,
  ) {
    super(
      holder.holder === 'server'
        ? `The data folder ${dataDir} is in use by the running portal server (process ${holder.pid}). ` +
            'The embedded database takes one process at a time: stop the server first, or make the change through the running server.'
        : `The data folder ${dataDir} is in use by a portal command still running (process ${holder.pid}). ` +
            'Wait for it to end, then try again.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockContent | null {
  try {
    const content = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    if (typeof content.pid !== 'number' || !Number.isInteger(content.pid)) return null;
    return {
      pid: content.pid,
      holder: content.holder === 'tool' ? 'tool' : 'server',
      since: String(content.since ?? ''),
    };
  } catch {
    return null;
  }
}

/**
 * Takes the data folder for this process, or throws DataDirLockedError while a live process
 * holds it. A lock left by a process that died is taken over. Answers the release, which removes
 * the file only while it is still this process's.
 */
export function lockDataDir(dataDir: string, holder: LockHolder): () => void {
  const path = lockFileOf(dataDir);
  const content: LockContent = { pid: process.pid, holder, since: new Date().toISOString() };
  // Written aside then linked in: the lock appears whole or not at all, and only once.
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(content), { mode: 0o600 });
  try {
    for (let round = 0; ; round += 1) {
      try {
        linkSync(draft, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = readLock(path);
      if (round >= 2 || (current && current.pid !== process.pid && isAlive(current.pid))) {
        throw new DataDirLockedError(
          dataDir,
          current ?? { pid: 0, holder: 'tool', since: new Date().toISOString() },
        );
      }
      // A dead process's lock, or a file nobody can read: nobody holds the folder.
      try {
        unlinkSync(path);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  } finally {
    unlinkSync(draft);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readLock(path)?.pid !== process.pid) return;
    try {
      unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  };
  // Whatever way the process ends short of a kill, the folder is free again.
  process.once('exit', release);
  return release;
}
