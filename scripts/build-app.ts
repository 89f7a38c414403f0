/**
 * Builds the browser app into dist/ unless dist/ was built from exactly these sources: the
 * fingerprint of every file the build may read (all of the checkout's files but the server's,
 * the tests', the scripts' and the engine crate's, whose module is committed in engine/), and the
 * VITE_* settings the build reads, is kept in dist/.sources. `npm start` and the browser tests
 * start with it; `--force` builds whatever the fingerprint says.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT_DIR = 'dist';
const FINGERPRINT = join(OUT_DIR, '.sources');
/** Folders and files the browser build never reads. */
const NOT_BUILT = /^(server|tests|scripts|engine-rs|samples|\.ci|dist|data)\/|\.md$/;

function sourcesFingerprint(): string {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const files = listed
    .split('\0')
    .filter((file) => file !== '' && !NOT_BUILT.test(file) && existsSync(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(settings));
  hash.update(process.version);
  return `${hash.digest('hex')} ${files.length}`;
}

/**
 * One build at a time: servers started side by side (the browser tests start one per worker) take
 * turns, and the second finds dist/ built. A lock older than ten minutes is a dead build's.
 */
async function withBuildLock(work: () => void): Promise<void> {
  const lock = `${OUT_DIR}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

await withBuildLock(buildUnlessBuilt);

function buildUnlessBuilt(): void {
  const started = performance.now();
  const fingerprint = sourcesFingerprint();
  const built = existsSync(FINGERPRINT) ? readFileSync(FINGERPRINT, 'utf8') : '';
  if (
    !process.argv.includes('--force') &&
    built === fingerprint &&
    existsSync(join(OUT_DIR, 'index.html'))
  ) {
    const files = fingerprint.split(' ')[1];
    console.log(
      `dist/ is built from these ${files} files (checked in ${Math.round(performance.now() - started)} ms): no rebuild`,
    );
  } else {
    execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    writeFileSync(FINGERPRINT, fingerprint);
  }
}
