import { CsvParser, DELIMITERS, detectDelimiter, type CsvRow, type Delimiter } from './csv';
import { decodeText } from './decode';
import { pickVersion, type HeaderMatch } from './header';
import type { ImportLimits } from './limits';
import { EMPTY_FILE, headerNotFound, maxSearchRow, type RowSource } from './rowSource';
import { UnreadableFileError } from './types';
import type { DistributorTemplate } from '../../rules/templateSchema';

/** Text read before the header search, past the rows it looks at. */
const SAMPLE_CHARS = 256 * 1024;

/** Rows of text, in a batch per chunk of the text, or per `sliceChars` of a longer chunk. */
export async function openText(
  bytes: AsyncIterable<Buffer>,
  template: DistributorTemplate,
  limits: ImportLimits,
  sliceChars: number,
): Promise<RowSource> {
  // The version is known only after decoding, so a hint counts when every version agrees on it.
  const [first, ...others] = template.versions.map((v) => v.encoding);
  const hint = first && others.every((encoding) => encoding === first) ? first : undefined;
  const decoded = decodeText(bytes, hint ? { hint } : {});
  const text = decoded.chunks;
  const searchRows = maxSearchRow(template.versions);
  let sample = '';
  let done = false;
  // Enough text for the header search: the rows it looks at, or a row long enough to be refused.
  while (sample.length < limits.maxRowChars + SAMPLE_CHARS) {
    if (sample.length >= SAMPLE_CHARS && countLines(sample) > searchRows) break;
    const next = await text.next();
    if (next.done) {
      done = true;
      break;
    }
    sample += next.value;
  }
  const found = findTextHeader(sample, done, template, limits);
  const parser = new CsvParser(found.delimiter, limits);
  /** A chunk's rows, a batch per slice of it; the text's last chunk ends the parse. */
  function* parsed(chunk: string, last: boolean): Generator<CsvRow[]> {
    let at = 0;
    do {
      const batch: CsvRow[] = [];
      const end = at + sliceChars;
      parser.push(at === 0 && end >= chunk.length ? chunk : chunk.slice(at, end), batch);
      if (last && end >= chunk.length) parser.end(batch);
      yield batch;
      at = end;
    } while (at < chunk.length);
  }
  async function* rows(): AsyncGenerator<CsvRow[]> {
    const first = sample;
    sample = '';
    for (const batch of parsed(first, done)) {
      yield batch.filter((row) => row.row > found.headerRow);
    }
    while (!done) {
      const next = await text.next();
      if (next.done) {
        done = true;
        const batch: CsvRow[] = [];
        parser.end(batch);
        yield batch;
      } else {
        yield* parsed(next.value, false);
      }
    }
  }
  return {
    header: found.header,
    headerRow: found.headerRow,
    headerWidth: found.headerWidth,
    rows: rows(),
    spreadsheet: false,
    summarySource: () => ({
      kind: 'text',
      delimiter: found.delimiter,
      encoding: decoded.encoding(),
    }),
  };
}

function findTextHeader(
  sample: string,
  done: boolean,
  template: DistributorTemplate,
  limits: ImportLimits,
): { header: HeaderMatch; headerRow: number; headerWidth: number; delimiter: Delimiter } {
  if (done && sample.replace(/^\uFEFF/, '').trim() === '') {
    throw new UnreadableFileError('empty', EMPTY_FILE);
  }
  const firstLine = sample.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const candidates = new Set<Delimiter>([
    ...template.versions.flatMap((v) => (v.delimiter ? [v.delimiter] : [])),
    detectDelimiter(firstLine),
    ...DELIMITERS,
  ]);
  let firstFailure: Error | null = null;
  const searchRows = maxSearchRow(template.versions);
  for (const delimiter of candidates) {
    const rows: CsvRow[] = [];
    try {
      const parser = new CsvParser(delimiter, limits);
      parser.push(sample, rows);
      if (done) parser.end(rows);
    } catch (error) {
      firstFailure ??= error instanceof Error ? error : new Error(String(error));
    }
    for (const { row, cells } of rows) {
      if (row > searchRows) break;
      const versions = template.versions.filter(
        (v) => (v.delimiter ?? delimiter) === delimiter && row > (v.skipRows ?? 0),
      );
      const header = pickVersion(versions, cells);
      if (header) return { header, headerRow: row, headerWidth: cells.length, delimiter };
    }
  }
  if (firstFailure) throw firstFailure;
  throw headerNotFound(template, firstRowOf(sample));
}

function firstRowOf(sample: string): string[] {
  const line = sample.split(/\r\n|\n|\r/).find((l) => l.trim() !== '') ?? '';
  const rows: CsvRow[] = [];
  try {
    const parser = new CsvParser(detectDelimiter(line));
    parser.push(line.slice(0, 4096), rows);
    parser.end(rows);
  } catch {
    return [line.slice(0, 200)];
  }
  return rows[0]?.cells ?? [];
}

function countLines(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
