import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { fileURLToPath } from 'node:url';
import {
  parseStatementToEnd,
  type ParseOptions,
  type ParseSummary,
} from '../../../server/import/parse';
import { recordLineWriter } from '../../../server/import/recordLines';
import type { DistributorTemplate } from '../../../server/import/templates';
import type { RowError, StatementRecord } from '../../../server/import/types';

export function fixture(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));
}

/** The bytes as a stream of small chunks, so every reader is exercised across chunk boundaries. */
export async function* chunked(bytes: Buffer, size = 7): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) {
    await Promise.resolve();
    yield bytes.subarray(i, i + size);
  }
}

export interface Parsed {
  records: StatementRecord[];
  rowErrors: RowError[];
  summary: ParseSummary;
}

export async function parseFile(
  fileName: string,
  bytes: Buffer,
  template: DistributorTemplate,
  options: ParseOptions & { chunkSize?: number } = {},
): Promise<Parsed> {
  const records: StatementRecord[] = [];
  const rowErrors: RowError[] = [];
  const summary = await parseStatementToEnd(
    { fileName, bytes: chunked(bytes, options.chunkSize ?? 7) },
    template,
    (item) => ('record' in item ? records.push(item.record) : rowErrors.push(item.rowError)),
    options,
  );
  return { records, rowErrors, summary };
}

/** The header of DistroKid's bank export, earnings in `currency`. */
export const distroKidHeader = (currency = 'USD') =>
  `Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (${currency})\n`;

export const DISTROKID_HEADER = distroKidHeader();

/** One row of DistroKid's bank export: a Spotify stream of a demo ISRC in September 2026 by default. */
export const distroKidLine = ({
  earnings,
  isrc = 'QZDM12600001',
  units = 1,
  store = 'Spotify',
}: {
  earnings: string;
  isrc?: string;
  units?: number;
  store?: string;
}) =>
  `2026-10-05\t2026-09\t${store}\tAria Vale\tSong\t${isrc}\t\t${units}\t100\tSong\tUS\t0\t${earnings}\n`;

/**
 * A DistroKid statement of `rows` rows: cells that need escaping in COPY text, multi-byte text,
 * amounts past 12 decimals, a bad ISRC every 997 rows, blank rows and a total row.
 */
export function distrokidStatement(rows: number): Buffer {
  const titles = [
    (i: number) => `"Tab\there ${i}"`,
    (i: number) => `AC\\DC ${i}`,
    (i: number) => `Ünïcödé ✓ 🎵 ${i}`,
    (i: number) => `"Line\nbreak ${i}"`,
    (i: number) => `Track ${i}`,
  ];
  const countries = ['US', 'GB', 'Worldwide', 'DE'];
  const lines = [DISTROKID_HEADER];
  for (let i = 0; i < rows; i++) {
    const isrc = i % 997 === 0 ? 'NOT-AN-ISRC' : `QZDM1${String(i % 100_000).padStart(7, '0')}`;
    const title = titles[i % titles.length]?.(i) ?? '';
    const amount = `${i % 7 === 0 ? '-' : ''}${i % 13}.${String(i * 7919).padStart(14, '0')}`;
    lines.push(
      `2026-10-05\t2026-09\tSpotify\tAria Vale\t${title}\t${isrc}\t\t${i % 50}\t100\tSong\t${countries[i % countries.length]}\t0\t${amount}\n`,
    );
    if (i % 5000 === 0) lines.push('\n');
  }
  lines.push('Total\t\t\t\t\t\t\t\t\t\t\t\t123.45\n');
  return Buffer.from(lines.join(''));
}

/** The COPY text, summary and first row errors of a statement read record by record. */
export async function copyTextOf(
  fileName: string,
  bytes: Buffer,
  template: DistributorTemplate,
  target: { statementId: string; fileId: string; maxErrors: number },
): Promise<{ text: string; summary: ParseSummary; errors: RowError[] }> {
  const lineOf = recordLineWriter(target.statementId, target.fileId);
  const lines: string[] = [];
  const errors: RowError[] = [];
  const summary = await parseStatementToEnd(
    { fileName, bytes: chunked(bytes, 1 << 20) },
    template,
    (item) => {
      if ('record' in item) lines.push(`${lineOf(item.record)}\n`);
      else if (errors.length < target.maxErrors) errors.push(item.rowError);
    },
  );
  return { text: lines.join(''), summary, errors };
}

/** Everything a reader of COPY chunks gives: the chunks as one text, their count, the end. */
export async function collectCopy<End>(
  read: AsyncGenerator<Uint8Array, End>,
): Promise<{ text: string; chunks: number; end: End }> {
  const chunks: Uint8Array[] = [];
  for (;;) {
    const next = await read.next();
    if (next.done) {
      const text = Buffer.concat(chunks).toString('utf8');
      return { text, chunks: chunks.length, end: next.value };
    }
    chunks.push(next.value);
  }
}

/** One record as a layout test expects it: code, units, revenue, territory, date. */
export type Line = [
  code: string,
  units: number,
  revenue: string,
  territory: string | null,
  date: string | null,
];

/** Parses a fixture with `template` and expects exactly `lines`, each record matching `common`. */
export async function expectLines(
  template: DistributorTemplate,
  file: string,
  lines: Line[],
  common: Record<string, unknown>,
) {
  const { records, rowErrors, summary } = await parseFile(file, fixture(file), template);
  expect(rowErrors).toEqual([]);
  expect(records.map((r) => [r.code, r.units, r.revenue, r.territory, r.date])).toEqual(lines);
  for (const record of records) expect(record).toMatchObject(common);
  expect(summary.records).toBe(lines.length);
  return { records, summary };
}

/** Each record's format as written → as classified for the engine. */
export const formats = (records: { format: string; formatKind: string }[]) =>
  records.map((r) => `${r.format} → ${r.formatKind}`);
