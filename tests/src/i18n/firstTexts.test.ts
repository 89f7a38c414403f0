import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n';
import {
  FIRST_ENGLISH,
  SIGNED_IN_SECTIONS,
  createLazyI18n,
  loadSignedInEnglish,
} from '../../../src/i18n/lazy';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const KEY = /['"`]([a-z][a-z0-9-]*\.[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*)['"`]/g;
// Static imports of code; `import type` brings none, and `import()` is a part loaded on demand.
const STATIC_IMPORT = /^import\s+(?!type\b)[^'"]*?['"](\.[^'"]+)['"]/gm;

// Maps the server's English answers to keys; each is shown by the page that asked, and the login
// page's (server.*) are in the first part.
const SERVER_TEXTS = 'src/i18n/serverText.ts';
// Keys of the first download's code that show only once a part loaded on demand is in (and with
// it all English): the upload drawer's server answers, shown by its view, which is fetched when
// an upload began on the import page.
const SHOWN_AFTER_A_LAZY_PART = [/^import\./];

function resolveImport(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  return (
    [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path)) ?? null
  );
}

/** Source files and what they import statically, as paths from the repository's root. */
function withStaticImports(...entries: string[]): string[] {
  const seen = new Set<string>();
  const pending = entries.map((entry) => join(ROOT, entry));
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const imported = resolveImport(file, match[1] ?? '');
      if (imported) pending.push(imported);
    }
  }
  return [...seen].map((file) => relative(ROOT, file));
}

/** The keys of these files whose section is not among the sections given. */
function keysOutside(files: string[], sections: ReadonlySet<string>): string[] {
  return files
    .filter((file) => file !== SERVER_TEXTS)
    .flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(KEY)].map((match) => ({
        file,
        key: match[1] ?? '',
      })),
    )
    .filter(({ key }) => !sections.has(key.split('.')[0] ?? ''))
    .filter(({ key }) => !SHOWN_AFTER_A_LAZY_PART.some((shown) => shown.test(key)))
    .map(({ file, key }) => `${file}: ${key}`);
}

const FIRST_SECTIONS = new Set(Object.keys(FIRST_ENGLISH));

describe('the English texts of the first download', () => {
  const files = withStaticImports('src/main.tsx');

  it('follows the imports of the first download, not those of parts loaded on demand', () => {
    expect(files).toContain('src/pages/LoginPage.tsx');
    expect(files).toContain('src/shell/lazyPage.tsx');
    expect(files).not.toContain('src/pages/DashboardPage.tsx');
    expect(files).not.toContain('src/frame/AppFrame.tsx');
  });

  it('holds every key the code of the first download shows', () => {
    expect(keysOutside(files, FIRST_SECTIONS)).toEqual([]);
  });

  it('is English as the locale file has it', () => {
    for (const [section, texts] of Object.entries(FIRST_ENGLISH))
      expect(texts, section).toEqual(LOCALES.en[section]);
  });
});

describe('the English texts of the signed-in frame and the dashboard', () => {
  it('hold every key the frame and the dashboard show', () => {
    const files = withStaticImports('src/shell/SignedInFrame.tsx', 'src/pages/DashboardPage.tsx');
    expect(files).toContain('src/frame/SideNav.tsx');
    expect(keysOutside(files, new Set([...FIRST_SECTIONS, ...SIGNED_IN_SECTIONS]))).toEqual([]);
  });

  it('arrive as English as the locale file has it, and nothing else', async () => {
    const { i18n, ready } = createLazyI18n('en');
    await ready;
    expect(i18n.exists('dashboard.page.loading')).toBe(false);
    await loadSignedInEnglish();
    const bundle = i18n.getResourceBundle('en', 'translation') as Record<string, unknown>;
    expect(Object.keys(bundle).sort()).toEqual([...FIRST_SECTIONS, ...SIGNED_IN_SECTIONS].sort());
    for (const section of SIGNED_IN_SECTIONS)
      expect(bundle[section], section).toEqual(LOCALES.en[section]);
  });
});
