import { CsvParser, DELIMITERS, detectDelimiter, type CsvRow, type Delimiter } from './csv';
import { decideEncoding, decodeText, peekBytes } from './decode';
import type { TextEncoding } from '../../rules/encodings';
import { pickVersion, type HeaderMatch } from './header';
import type { ImportLimits } from './limits';
import { EMPTY_FILE, headerNotFound, maxSearchRow, type RowSource } from './rowSource';
import { UnreadableFileError } from './types';
import type { DistributorTemplate } from '../../rules/templateSchema';

/** Text read before the header search, past the rows it looks at. */
const SAMPLE_CHARS = 256 * 1024;

/**
 * The encoding each file is read in: the uploader's confirmed choice, else the one the layout
 * versions declare when they agree and the bytes do not contradict it (`decideEncoding`), else
 * the detector's (a version that declares another encoding is then tried on the sample read in
 * its own, see `chooseDeclared`).
 */
export interface TextOptions {
  encoding?: TextEncoding;
}

/** Rows of text, in a batch per chunk of the text, or per `sliceChars` of a longer chunk. */
export async function openText(
  input: AsyncIterable<Buffer>,
  template: DistributorTemplate,
  limits: ImportLimits,
  sliceChars: number,
  options: TextOptions = {},
): Promise<RowSource> {
  let bytes = input;
  const declared = options.encoding;
  let layout: TextEncoding | undefined;
  if (!declared) {
    const encodings = new Set(template.versions.map((v) => v.encoding));
    const [only] = encodings;
    if (encodings.size === 1 && only) layout = only;
    else if (encodings.size > 1) {
      const peeked = await peekBytes(bytes, DECLARED_SAMPLE_BYTES);
      bytes = peeked.all;
      layout = chooseDeclared(peeked.head, peeked.done, template, limits);
    }
  }
  const decoded = decodeText(bytes, declared ? { declared } : layout ? { layout } : {});
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
      ...(decoded.sure() ? {} : { encodingSure: false }),
      ...(decoded.strayBytes() > 0 ? { strayBytes: decoded.strayBytes() } : {}),
    }),
  };
}

/** Raw bytes read to choose among the encodings layout versions declare. */
const DECLARED_SAMPLE_BYTES = 512 * 1024;

/**
 * Layout versions that declare different encodings (or some none): the sample is read in each
 * declared encoding, and the first one in which a version declaring it finds its header is used.
 * Undefined: the detector decides (versions that declare nothing).
 */
function chooseDeclared(
  head: Buffer,
  done: boolean,
  template: DistributorTemplate,
  limits: ImportLimits,
): TextEncoding | undefined {
  const declared = [...new Set(template.versions.flatMap((v) => (v.encoding ? [v.encoding] : [])))];
  const detected = decideEncoding(head).encoding;
  for (const encoding of declared) {
    const versions = template.versions.filter((v) => v.encoding === encoding);
    let text: string;
    try {
      text = new TextDecoder(decideEncoding(head, undefined, encoding).encoding).decode(head);
    } catch {
      continue;
    }
    try {
      findTextHeader(text, done, { ...template, versions }, limits);
      return encoding;
    } catch {
      // Not this version's layout: the next encoding, or the detected one.
    }
  }
  return template.versions.some((v) => !v.encoding) ? undefined : detected;
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
