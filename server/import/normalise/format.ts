import { FORMAT_KINDS, type FormatKind } from '../../../rules/records';
import type { FormatKindSource } from '../../../rules/templateSchema';
import { memoize } from './memo';

// A whole word, spelled out rather than \b so that migration 15's SQL matches exactly the same.
const PHYSICAL = /(^|[^a-z0-9_])(vinyl|cd|physical)([^a-z0-9_]|$)/;

/**
 * The kind of a format text when the template has no rule: by keyword, in this order, so
 * 'Video Stream' counts as a stream. Migration 15 classifies stored records the same way in SQL.
 */
export function formatKindByKeyword(raw: string): FormatKind {
  const text = raw.toLowerCase();
  if (text.includes('stream')) return 'stream';
  if (text.includes('download')) return 'download';
  if (text.includes('video')) return 'video';
  if (PHYSICAL.test(text)) return 'physical';
  return 'other';
}

/** A row's format kind from its cells and its format text (as read, trimmed). */
export type FormatKindReader = (cells: readonly string[], format: string) => FormatKind;

/**
 * Compiles a template's format classification against one file's columns (`columnsOf` gives the
 * indexes of the named columns that the file has). Answers are remembered per distinct value:
 * a statement repeats the same few stores and sale types on every row.
 */
export function compileFormatKind(
  source: FormatKindSource | undefined,
  columnsOf: (names: readonly string[]) => number[],
): FormatKindReader {
  const byKeyword = memoize(formatKindByKeyword);
  if (!source) return (_cells, format) => byKeyword(format);
  if ('constant' in source) {
    const kind = source.constant;
    return () => kind;
  }
  const listed = new Map<string, FormatKind>();
  for (const kind of FORMAT_KINDS) {
    for (const value of source[kind] ?? []) {
      const key = value.trim().toLowerCase();
      if (!listed.has(key)) listed.set(key, kind);
    }
  }
  const ofValue = memoize((raw): FormatKind | null => listed.get(raw.trim().toLowerCase()) ?? null);
  const indexes = columnsOf(source.columns);
  const otherwise = source.otherwise;
  return (cells, format) => {
    for (const index of indexes) {
      const value = cells[index];
      if (value === undefined || value === '') continue;
      const kind = ofValue(value);
      if (kind !== null) return kind;
    }
    return otherwise ?? byKeyword(format);
  };
}
