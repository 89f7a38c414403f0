import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../../src/i18n';
import { FIRST_ENGLISH, FIRST_PARTS, SIGNED_IN_PARTS } from '../../../src/i18n/lazy';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const KEY = /['"`]([a-z][a-z0-9-]*\.[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*)['"`]/g;
// Static imports of code; `import type` brings none, and `import()` is a part loaded on demand.
const STATIC_IMPORT = /^import\s+(?!type\b)[^'"]*?['"](\.[^'"]+)['"]/gm;

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

/** A key is in a part when the part is the key or one of its parents (`payments.status`). */
const inParts = (key: string, parts: readonly string[]) =>
  parts.some((part) => key === part || key.startsWith(`${part}.`));

/** Only `parts` of `texts` (sections, or dotted parts of one), nested as in the file. */
function pick(texts: Record<string, unknown>, parts: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const part of parts) {
    const path = part.split('.');
    const last = path.pop() ?? '';
    let from = texts;
    let into = picked;
    for (const name of path) {
      from = from[name] as Record<string, unknown>;
      into = (into[name] ??= {}) as Record<string, unknown>;
    }
    into[last] = from[last];
  }
  return picked;
}

/** The keys of these files that are in none of the parts given. */
function keysOutside(files: string[], parts: readonly string[]): string[] {
  return files
    .flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(KEY)].map((match) => ({
        file,
        key: match[1] ?? '',
      })),
    )
    .filter(({ key }) => !inParts(key, parts))
    .map(({ file, key }) => `${file}: ${key}`);
}

describe('the English texts of the first download', () => {
  // The entry, and the login page's own chunk, which the shell fetches at once with its texts in.
  const files = withStaticImports('src/main.tsx', 'src/pages/LoginPage.tsx');

  it('follows the imports of the first download, not those of parts loaded on demand', () => {
    expect(files).toContain('src/pages/LoginPage.tsx');
    expect(files).toContain('src/widgets/lazyComponent.tsx');
    expect(files).not.toContain('src/pages/DashboardPage.tsx');
    expect(files).not.toContain('src/frame/AppFrame.tsx');
  });

  it('holds every key the code of the first download shows', () => {
    expect(keysOutside(files, FIRST_PARTS)).toEqual([]);
  });

  it('is English as the locale file has it, and only its parts', () => {
    expect(FIRST_ENGLISH).toEqual(pick(LOCALES.en, FIRST_PARTS));
  });
});

describe('the English texts of the signed-in frame and the dashboard', () => {
  it('hold every key the frame and the dashboard show', () => {
    const files = withStaticImports('src/shell/SignedInFrame.tsx', 'src/pages/DashboardPage.tsx');
    expect(files).toContain('src/frame/SideNav.tsx');
    expect(keysOutside(files, [...FIRST_PARTS, ...SIGNED_IN_PARTS])).toEqual([]);
  });

  it('arrive as English as the locale file has it, and nothing else', async () => {
    // A page's first load: no part fetched yet (another file of this process may have loaded one).
    vi.resetModules();
    const lazy = await import('../../../src/i18n/lazy');
    const { i18n, ready } = lazy.createLazyI18n('en');
    await ready;
    expect(i18n.exists('dashboard.page.loading')).toBe(false);
    await lazy.loadSignedInEnglish();
    const bundle = i18n.getResourceBundle('en', 'translation') as Record<string, unknown>;
    expect(bundle).toEqual(pick(LOCALES.en, [...FIRST_PARTS, ...SIGNED_IN_PARTS]));
  });
});
