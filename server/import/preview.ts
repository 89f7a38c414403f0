import { Readable } from 'node:stream';
import type { TextEncoding } from '../../rules/encodings';
import {
  headerKey,
  type DistributorTemplate,
  type LayoutVersion,
} from '../../rules/templateSchema';
import { CsvParser, detectDelimiter, type CsvRow } from './csv';
import { decideEncoding, peekBytes } from './decode';
import { decompressedBytes } from './decompress';
import { fileTypeOfContent, TYPE_SAMPLE_BYTES, type SpreadsheetFormat } from './fileType';
import { matchHeader } from './header';
import { withLimits } from './limits';
import { maxSearchRow, type RowSource } from './rowSource';
import { readSpreadsheet } from './spreadsheet';
import { openSpreadsheet } from './spreadsheetSource';
import { openText } from './textSource';
import { parseStatementInBatches } from './parse';
import { ReadingSummary, type CurrencySummary } from '../../rules/readingSummary';
import { StatementFileError, UnreadableFileError } from './types';

/** A distributor an upload may be filed under, with the template that reads its files. */
export interface PreviewCandidate {
  id: string;
  name: string;
  template: DistributorTemplate;
}

export interface LayoutMatch {
  distributorId: string;
  distributor: string;
  layout: string;
}

/** What a file's first bytes say: how it reads, which layouts it matches, its first rows. */
export interface FilePreview {
  name: string;
  /** Null for a spreadsheet, whose cells carry their own text. */
  encoding: TextEncoding | null;
  encodingSure: boolean;
  /** Other encodings that read the start of the file as plausible text. */
  encodings: TextEncoding[];
  matches: LayoutMatch[];
  /** No layout matched (or not the chosen distributor's): the nearest one and what it misses. */
  closest: (LayoutMatch & { missing: string[] }) | null;
  /** The first rows of a text file, decoded. */
  rows: string[][];
  /** Why the file cannot be read at all. */
  problem: string | null;
  /**
   * What the file reads to per currency in the layout it matches (the chosen distributor's when
   * it matches): `partial` when only the start of a large text file was sent and read.
   */
  reading: { partial: boolean; currencies: CurrencySummary[] } | null;
}

/** Decompressed text read for the preview: enough for any header search and the first rows. */
const SAMPLE_BYTES = 1024 * 1024;
const SHOWN_ROWS = 6;
const SHOWN_CELLS = 30;
const SHOWN_CELL_CHARS = 200;

/**
 * Reads the start of a statement file against every candidate's template, storing nothing: the
 * encoding (detected, or `encoding` when the uploader chose one), the distributors whose layout
 * the header matches, and the first rows as they decode.
 */
export async function previewStatementFile(
  file: { name: string; bytes: Buffer },
  candidates: readonly PreviewCandidate[],
  options: { encoding?: TextEncoding; distributorId?: string } = {},
): Promise<FilePreview> {
  const preview: FilePreview = {
    name: file.name,
    encoding: null,
    encodingSure: true,
    encodings: [],
    matches: [],
    closest: null,
    rows: [],
    problem: null,
    reading: null,
  };
  try {
    const type = fileTypeOfContent(file.name, file.bytes.subarray(0, TYPE_SAMPLE_BYTES));
    if (type.kind === 'spreadsheet') {
      const match = await matchSpreadsheet(file.bytes, type.format, candidates);
      if (match) preview.matches.push(match);
      preview.reading = await readingOf(file, false, candidates, preview.matches, options);
      return preview;
    }
    const limits = withLimits();
    const peeked = await peekBytes(
      decompressedBytes(type.compression, Readable.from([file.bytes]), limits),
      SAMPLE_BYTES,
    );
    await peeked.close();
    const sample = peeked.head;
    const guess = decideEncoding(sample, options.encoding);
    preview.encoding = guess.encoding;
    preview.encodingSure = guess.sure;
    preview.encodings = guess.alternatives;
    let remaining = [...candidates];
    const matched: { match: LayoutMatch; version: LayoutVersion }[] = [];
    for (;;) {
      const found = await matchText(sample, remaining, options.encoding);
      if (!found) break;
      if (matched.length === 0) {
        // The layout's declared encoding, when it has one, is what the file will be read in.
        preview.encoding = found.encoding;
        preview.encodingSure = found.sure;
      }
      matched.push(found);
      remaining = remaining.filter((candidate) => candidate.id !== found.match.distributorId);
    }
    preview.matches = mostSpecific(matched, options.distributorId);
    // TextDecoder drops a BOM of its own encoding.
    const allRows = firstRows(new TextDecoder(preview.encoding).decode(sample), candidates);
    preview.rows = allRows
      .slice(0, SHOWN_ROWS)
      .map((cells) => cells.slice(0, SHOWN_CELLS).map((cell) => cell.slice(0, SHOWN_CELL_CHARS)));
    const chosen = candidates.find((candidate) => candidate.id === options.distributorId);
    const chosenMatches = chosen
      ? preview.matches.some((match) => match.distributorId === chosen.id)
      : preview.matches.length > 0;
    if (!chosenMatches) preview.closest = closestLayout(allRows, chosen ? [chosen] : candidates);
    // The whole file when it came whole; else its start, up to the last whole line.
    const partial = !peeked.done || file.bytes.length >= SAMPLE_BYTES;
    preview.reading = await readingOf(
      {
        // Read as the plain text it was expanded to.
        name: file.name.replace(/(\.zip|\.gz|\.bz2|\.xz)$/i, ''),
        bytes: partial ? wholeLines(sample, preview.encoding) : sample,
      },
      partial,
      candidates,
      preview.matches,
      options,
    );
  } catch (error) {
    if (!(error instanceof StatementFileError)) throw error;
    preview.problem = error.message;
  }
  return preview;
}

/** The start of a sample cut after its last line end, so no row is read half. */
function wholeLines(sample: Buffer, encoding: TextEncoding | null): Buffer {
  const end = sample.lastIndexOf(0x0a);
  if (end < 0) return sample;
  return sample.subarray(0, end + (encoding === 'utf-16le' ? 2 : 1));
}

/**
 * Reads the file (or its start) through the layout it matches (the chosen distributor's, when
 * one is chosen) and sums what it reads per currency; null when no layout matches or the rows
 * cannot be read.
 */
async function readingOf(
  file: { name: string; bytes: Buffer },
  partial: boolean,
  candidates: readonly PreviewCandidate[],
  matches: readonly LayoutMatch[],
  options: { encoding?: TextEncoding; distributorId?: string },
): Promise<FilePreview['reading']> {
  // The chosen distributor's layout, or none: a reading in another's would mislead.
  const match = options.distributorId
    ? matches.find((candidate) => candidate.distributorId === options.distributorId)
    : matches[0];
  const template = candidates.find((candidate) => candidate.id === match?.distributorId)?.template;
  if (!template) return null;
  const reading = new ReadingSummary();
  try {
    const parse = parseStatementInBatches(
      { fileName: file.name, bytes: Readable.from([file.bytes]) },
      template,
      options.encoding ? { encoding: options.encoding } : {},
    );
    for (;;) {
      const next = await parse.next();
      if (next.done) break;
      for (const item of next.value) if ('record' in item) reading.add(item.record);
    }
  } catch (error) {
    if (error instanceof StatementFileError) return null;
    throw error;
  }
  return { partial, currencies: reading.result() };
}

/** All candidates' versions in one template, each remembered with its distributor. */
function unionOf(candidates: readonly PreviewCandidate[]) {
  const owners = new Map<LayoutVersion, PreviewCandidate>();
  const versions: LayoutVersion[] = [];
  for (const candidate of candidates) {
    for (const version of candidate.template.versions) {
      owners.set(version, candidate);
      versions.push(version);
    }
  }
  const matchOf = (source: RowSource): LayoutMatch | null => {
    const owner = owners.get(source.header.version);
    return owner
      ? { distributorId: owner.id, distributor: owner.name, layout: source.header.version.name }
      : null;
  };
  return { template: { name: 'any distributor', versions }, matchOf };
}

/**
 * The matches without any layout whose identifying headers are all among another matching
 * layout's, which has more: the file is of the same family and was written in the more specific
 * one (an AWAL statement has every header of The Orchard's upper-case statement, and its own).
 * The distributor the uploader chose keeps its match: its layout does read the file.
 */
function mostSpecific(
  matched: readonly { match: LayoutMatch; version: LayoutVersion }[],
  chosenId: string | undefined,
) {
  const keys = matched.map(({ version }) => new Set(version.headers.map(headerKey)));
  const within = (inner: Set<string>, outer: Set<string>) =>
    outer.size > inner.size && [...inner].every((key) => outer.has(key));
  return matched
    .filter(
      ({ match }, i) =>
        match.distributorId === chosenId ||
        !keys.some((other) => within(keys[i] ?? new Set(), other)),
    )
    .map(({ match }) => match);
}

async function matchText(
  sample: Buffer,
  candidates: readonly PreviewCandidate[],
  encoding: TextEncoding | undefined,
): Promise<{
  match: LayoutMatch;
  version: LayoutVersion;
  encoding: TextEncoding;
  sure: boolean;
} | null> {
  if (candidates.length === 0) return null;
  const union = unionOf(candidates);
  let source: RowSource;
  try {
    source = await openText(
      Readable.from([sample]),
      union.template,
      withLimits(),
      SAMPLE_BYTES,
      encoding ? { encoding } : {},
    );
  } catch (error) {
    if (error instanceof StatementFileError) return null;
    throw error;
  }
  const match = union.matchOf(source);
  const summary = source.summarySource();
  if (!match || summary.kind !== 'text') return null;
  return {
    match,
    version: source.header.version,
    encoding: summary.encoding,
    sure: encoding !== undefined || summary.encodingSure !== false,
  };
}

async function matchSpreadsheet(
  bytes: Buffer,
  format: SpreadsheetFormat,
  candidates: readonly PreviewCandidate[],
): Promise<LayoutMatch | null> {
  if (candidates.length === 0) return null;
  const union = unionOf(candidates);
  const limits = withLimits();
  let source: RowSource;
  try {
    source = await openSpreadsheet(
      readSpreadsheet(Readable.from([bytes]), format, limits),
      union.template,
    );
  } catch (error) {
    // A damaged or empty workbook is the file's problem, not a layout that does not match.
    if (error instanceof StatementFileError && !(error instanceof UnreadableFileError)) return null;
    throw error;
  }
  // Ends the workbook's thread: nothing past the header is read.
  await source.rows[Symbol.asyncIterator]().return?.(undefined);
  return union.matchOf(source);
}

/** The rows a header may be among, split with the delimiter the first line suggests. */
function firstRows(text: string, candidates: readonly PreviewCandidate[]): string[][] {
  const searchRows = Math.max(
    SHOWN_ROWS,
    ...candidates.map((candidate) => maxSearchRow(candidate.template.versions)),
  );
  const lines = text.split(/\r\n|\n|\r/);
  const head = lines.slice(0, searchRows).join('\n');
  const rows: CsvRow[] = [];
  try {
    const parser = new CsvParser(detectDelimiter(lines[0] ?? ''));
    parser.push(head, rows);
    parser.end(rows);
  } catch {
    return lines.slice(0, searchRows).map((line) => [line]);
  }
  return rows.map((row) => row.cells).filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

/**
 * The layout version with the largest share of its headers in one of the rows, and the rest;
 * none when no version shares a header with the file (nothing would be near).
 */
function closestLayout(
  rows: readonly string[][],
  candidates: readonly PreviewCandidate[],
): (LayoutMatch & { missing: string[] }) | null {
  let best: (LayoutMatch & { missing: string[]; share: number }) | null = null;
  for (const candidate of candidates) {
    for (const version of candidate.template.versions) {
      for (const cells of rows) {
        const missing = version.headers.filter(
          (header) => matchHeader({ ...version, headers: [header] }, cells) === null,
        );
        const share = 1 - missing.length / version.headers.length;
        if (!best || share > best.share) {
          best = {
            distributorId: candidate.id,
            distributor: candidate.name,
            layout: version.name,
            missing,
            share,
          };
        }
      }
    }
  }
  if (!best || best.share === 0) return null;
  const { share: _share, ...closest } = best;
  return closest;
}
