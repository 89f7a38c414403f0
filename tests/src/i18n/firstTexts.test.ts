import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n';
import { FIRST_ENGLISH } from '../../../src/i18n/lazy';

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

/** The source files of the first download: src/main.tsx and what it imports statically. */
function firstDownload(): string[] {
  const seen = new Set<string>();
  const pending = [join(ROOT, 'src', 'main.tsx')];
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

describe('the English texts of the first download', () => {
  const files = firstDownload();

  it('follows the imports of the first download, not those of parts loaded on demand', () => {
    expect(files).toContain('src/pages/LoginPage.tsx');
    expect(files).toContain('src/shell/lazyPage.tsx');
    expect(files).not.toContain('src/pages/DashboardPage.tsx');
    expect(files).not.toContain('src/frame/AppFrame.tsx');
  });

  it('holds every key the code of the first download shows', () => {
    const missing = files
      .filter((file) => file !== SERVER_TEXTS)
      .flatMap((file) =>
        [...readFileSync(join(ROOT, file), 'utf8').matchAll(KEY)].map(
          (match) => `${file}: ${match[1] ?? ''}`,
        ),
      )
      .filter((found) => {
        const key = found.split(': ')[1] ?? '';
        const [section = ''] = key.split('.');
        return !(section in FIRST_ENGLISH) && !SHOWN_AFTER_A_LAZY_PART.some((re) => re.test(key));
      });
    expect(missing).toEqual([]);
  });

  it('is English as the locale file has it', () => {
    for (const [section, texts] of Object.entries(FIRST_ENGLISH))
      expect(texts, section).toEqual(LOCALES.en[section]);
  });
});
