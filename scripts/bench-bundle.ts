// npm run bench:bundle: builds the browser app into a temporary folder (the served dist/ is left
// alone) and prints, gzipped and file by file, what a first visit downloads before the login page
// can show (the entry's JavaScript and CSS with everything they import statically, and the login
// page's own chunk, which the shell fetches at once), then what a signed-in visit to / downloads
// before the dashboard shows (the entry's files and the chunks the shell loads for the dashboard),
// then what each other chunk loaded on demand (a route's page, a language, the engine worker) adds
// on top of the entry's files. Prints figures; never fails on size. Goal: the login page and the
// dashboard's first paint under 150 KB gzipped. Totals also say what the server sends a browser
// that accepts brotli: the build's own `.br` forms (vite.config.ts), or the file as it is when too
// small to have one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * What the shell loads on demand before the dashboard shows: the signed-in frame, the dashboard's
 * page, and the English texts they show (a part of en.json made by the locale-sections plugin, see
 * SIGNED_IN_PARTS in src/i18n/lazy.ts).
 */
const DASHBOARD_SOURCES = ['src/shell/SignedInFrame.tsx', 'src/pages/DashboardPage.tsx'];
const DASHBOARD_TEXTS = 'locale-sections:en/';
/** The login page's own chunk, which the shell loads beside the session's check (shell/Root.tsx). */
const LOGIN_SOURCES = ['src/pages/LoginPage.tsx'];
for (const source of [...DASHBOARD_SOURCES, ...LOGIN_SOURCES])
  if (!existsSync(source))
    throw new Error(`${source} is gone: update DASHBOARD_SOURCES or LOGIN_SOURCES`);

const out = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
try {
  execFileSync(
    'npx',
    ['vite', 'build', '--outDir', out, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const sizes = new Map<string, { raw: number; gzip: number; sent: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(join(out, file));
      const brotli = join(out, `${file}.br`);
      size = {
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        sent: existsSync(brotli) ? statSync(brotli).size : bytes.length,
      };
      sizes.set(file, size);
    }
    return size;
  };
  /** The files a chunk needs before it runs: itself, its static imports, their CSS. */
  const closure = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const total = (files: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    let sent = 0;
    for (const file of files) {
      const size = sizeOf(file);
      raw += size.raw;
      gzip += size.gzip;
      sent += size.sent;
    }
    return { raw, gzip, sent };
  };
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

  const list = (files: Iterable<string>) => {
    for (const file of [...files].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip))
      console.info(`  ${file.padEnd(48)} ${kb(sizeOf(file).gzip).padStart(10)}`);
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
  const first = closure(entryKey);
  const firstSize = total(first);
  const login = new Set(first);
  for (const source of LOGIN_SOURCES) if (manifest[source]) closure(source, login);
  const loginSize = total(login);
  console.info(
    `Login page, first visit: ${kb(loginSize.gzip)} gzipped (${kb(loginSize.sent)} sent as brotli, ${kb(loginSize.raw)} raw) in ${login.size} files`,
  );
  list(login);

  // Someone signed in opening / needs the entry, not the login page's own chunk.
  const dashboard = new Set(first);
  const texts = Object.keys(manifest).filter((key) => key.startsWith(DASHBOARD_TEXTS));
  for (const source of [...DASHBOARD_SOURCES, ...texts]) {
    if (manifest[source]) closure(source, dashboard);
    // A source bundled into the entry has no chunk of its own: it is in the first visit.
    else console.info(`(${source} has no chunk of its own: it is in the first visit)`);
  }
  if (texts.length === 0) console.info(`(no ${DASHBOARD_TEXTS} chunk: the texts are in the entry)`);
  const added = [...dashboard].filter((file) => !first.has(file));
  const dashboardSize = total(dashboard);
  console.info(
    `Dashboard, first paint (signed in, opening /): ${kb(dashboardSize.gzip)} gzipped (${kb(dashboardSize.sent)} sent as brotli, ${kb(dashboardSize.raw)} raw) in ${dashboard.size} files: the entry's (the login page's but its own chunk) and`,
  );
  if (added.length === 0) console.info('  nothing more');
  list(added);

  const lazy = Object.entries(manifest).filter(([, chunk]) => chunk.isDynamicEntry);
  if (lazy.length === 0) console.info('No chunk is loaded on demand: every route loads the above.');
  else console.info("Loaded on demand, on top of the entry's files:");
  for (const [key, chunk] of lazy.sort(([a], [b]) => a.localeCompare(b))) {
    const extra = [...closure(key)].filter((file) => !first.has(file));
    const size = total(extra);
    console.info(
      `  ${(chunk.src ?? chunk.name ?? key).padEnd(48)} +${kb(size.gzip).padStart(10)} gzipped (first paint ${kb(firstSize.gzip + size.gzip)})`,
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
