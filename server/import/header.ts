import { headerKey, type LayoutVersion } from '../../rules/templateSchema';

/** Where each named column sits in a file's header row, and what '{currency}' matched. */
export interface HeaderMatch {
  version: LayoutVersion;
  indexOf: (name: string) => number;
  currency: string | null;
}

const CURRENCY_PLACEHOLDER = '{currency}';

/** The header row's match for one layout version, or null when a required header is missing. */
export function matchHeader(version: LayoutVersion, cells: readonly string[]): HeaderMatch | null {
  const keys = cells.map(headerKey);
  let currency: string | null = null;
  const indexOf = (name: string): number => {
    const key = headerKey(name);
    if (!key.includes(CURRENCY_PLACEHOLDER)) return keys.indexOf(key);
    const [before = '', after = ''] = key.split(CURRENCY_PLACEHOLDER);
    return keys.findIndex((cell) => {
      if (cell.length !== before.length + 3 + after.length) return false;
      if (!cell.startsWith(before) || !cell.endsWith(after)) return false;
      const code = cell.slice(before.length, before.length + 3);
      if (!/^[a-z]{3}$/.test(code)) return false;
      currency ??= code.toUpperCase();
      return true;
    });
  };
  for (const name of version.headers) if (indexOf(name) === -1) return null;
  return { version, indexOf, currency };
}

/** The version whose headers all appear, preferring the most specific (most headers). */
export function pickVersion(
  versions: readonly LayoutVersion[],
  cells: readonly string[],
): HeaderMatch | null {
  const bySpecificity = [...versions].sort((a, b) => b.headers.length - a.headers.length);
  for (const version of bySpecificity) {
    const match = matchHeader(version, cells);
    if (match) return match;
  }
  return null;
}
