import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SlowestFirst } from './tests/setup/slowFirst';

const LOCALE_SECTIONS = 'locale-sections:';

/**
 * `locale-sections:en/dashboard,frame,payments.status` is a module of those parts of
 * `locales/en.json`, each a top-level section or, dotted, a part of one: the part of a language's
 * texts one screen needs, in a chunk of its own, nested as in the file.
 */
function localeSections(): Plugin {
  return {
    name: 'locale-sections',
    resolveId: (id) => (id.startsWith(LOCALE_SECTIONS) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${LOCALE_SECTIONS}`)) return null;
      const [language = '', sections = ''] = id.slice(LOCALE_SECTIONS.length + 1).split('/');
      const file = fileURLToPath(new URL(`./locales/${language}.json`, import.meta.url));
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const part: Record<string, unknown> = {};
      for (const section of sections.split(',')) {
        const path = section.split('.');
        const last = path.pop() ?? '';
        let from: unknown = texts;
        let into = part;
        for (const name of path) {
          from = (from as Record<string, unknown> | undefined)?.[name];
          into = (into[name] ??= {}) as Record<string, unknown>;
        }
        const picked = (from as Record<string, unknown> | undefined)?.[last];
        if (picked === undefined) throw new Error(`locales/${language}.json has no ${section}`);
        into[last] = picked;
      }
      return `export default ${JSON.stringify(part)};`;
    },
  };
}

/** Files the server sends compressed as built, rather than compressing them on every request. */
const PRECOMPRESSED = /\.(js|css|html|wasm|svg|json)$/;
const PRECOMPRESS_FROM_BYTES = 1024;

/**
 * Beside each built file of 1 KB and more, its brotli (`.br`, best quality) and gzip (`.gz`)
 * forms: the server sends them as they are to a browser that accepts them.
 */
function precompressed(): Plugin {
  return {
    name: 'precompressed',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!PRECOMPRESSED.test(name)) continue;
        const file = join(outDir, name);
        const bytes = readFileSync(file);
        if (bytes.length < PRECOMPRESS_FROM_BYTES) continue;
        const brotli = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        writeFileSync(`${file}.br`, brotli);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The libraries every screen runs on, from the login page on: React, the router, i18next, XState
 * and RxJS. One chunk of their own rather than a dozen cut along the app's imports: fewer requests
 * and a smaller download (login page 147.1 -> 143.7 KB gzipped, 13 -> 5 files), and a new build of
 * the app alone leaves it in the browser's cache.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|xstate|@xstate[\\/]react|rxjs|tslib|use-sync-external-store)[\\/]/;

/**
 * Server test files run in a process of their own: those that replace a module (vi.mock: every
 * file after them in the process would get the replacement, or they the real module an earlier
 * file loaded), and those that measure the process's memory (what earlier files left would count).
 * eslint refuses vi.mock in any other server test file.
 */
const OWN_PROCESS = JSON.parse(
  readFileSync(new URL('./tests/setup/ownProcess.json', import.meta.url), 'utf8'),
) as string[];

export default defineConfig({
  plugins: [react(), localeSections(), precompressed()],
  // RxJS's ES2015 build: classes as they are, rather than the ES5 build's helpers (tslib) and
  // prototype chains; 1.8 KB gzipped less on every screen.
  resolve: {
    conditions: ['es2015', ...defaultClientConditions],
    // XState's and i18next's React bindings ask for the shim of useSyncExternalStore, for React
    // before 18; React 19 has it: the same hooks without the shim's own copy.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
    ],
  },
  // No source maps in the served build: the server sends what the browser runs, nothing more.
  build: {
    outDir: 'dist',
    sourcemap: false,
    // No polyfill of <link rel="modulepreload"> in the first download: the browsers that lack it
    // (Safari before 17, Firefox before 115) still load every page, its modules as they import
    // them rather than ahead.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } },
    },
  },
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One worker per core (vitest's default leaves one core idle: on two cores, half the machine).
    maxWorkers: availableParallelism(),
    // A sequencer given here would silently win over `--sequence.shuffle.files` (vitest's random
    // order of files, to show that no file depends on what ran before it in its process).
    sequence: process.argv.some((arg) => arg.startsWith('--sequence.shuffle'))
      ? {}
      : { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          // Pure code (engine, rules, machines, formatting, browser modules): one process per
          // worker runs file after file without reloading what they share.
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/server/**', 'tests/e2e/**', 'node_modules/**'],
          pool: 'forks',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Each file its own database, copied from the run's migrated templates; one process per
          // worker runs file after file, so the server's modules are loaded, and its request checks
          // and answer writers compiled, once per worker rather than once per file.
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: OWN_PROCESS,
          pool: 'forks',
          isolate: false,
          globalSetup: ['tests/setup/databaseTemplates.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The server files that need a process of their own (OWN_PROCESS).
          name: 'server-alone',
          include: OWN_PROCESS,
          pool: 'forks',
          globalSetup: ['tests/setup/databaseTemplates.ts'],
        },
      },
    ],
  },
});
