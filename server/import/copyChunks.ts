import {
  parseStatementInBatches,
  type ParseOptions,
  type ParseSummary,
  type StatementInput,
} from './parse';
import { recordLineWriter } from './recordLines';
import type { DistributorTemplate } from '../../rules/templateSchema';
import type { RowError } from './types';

export interface CopyTarget {
  statementId: string;
  fileId: string;
  /** Row errors kept for the end; the summary still counts every one. */
  maxErrors: number;
  /** Records per chunk: on PGlite each chunk is a COPY of its own. */
  recordsPerChunk: number;
}

export interface CopyRead {
  summary: ParseSummary;
  /** The first `maxErrors` row errors, in file order. */
  errors: RowError[];
}

const INITIAL_CHUNK_BYTES = 1024 * 1024;

/**
 * Reads a statement into chunks of COPY text for statement_records (UTF-8, lines in
 * RECORD_COLUMNS order), then returns the summary and the first row errors. Throws what
 * `parseStatement` throws, when it throws it: the caller stores nothing unless it completes.
 */
export async function* readCopyChunks(
  input: StatementInput,
  template: DistributorTemplate,
  target: CopyTarget,
  options: ParseOptions = {},
): AsyncGenerator<Uint8Array<ArrayBuffer>, CopyRead> {
  const parse = parseStatementInBatches(input, template, options);
  const lineOf = recordLineWriter(target.statementId, target.fileId);
  const errors: RowError[] = [];
  let chunk = new CopyChunk(INITIAL_CHUNK_BYTES);
  for (;;) {
    const next = await parse.next();
    if (next.done) {
      if (chunk.lines > 0) yield chunk.take();
      return { summary: next.value, errors };
    }
    for (const item of next.value) {
      if ('record' in item) {
        chunk.add(lineOf(item.record));
        if (chunk.lines >= target.recordsPerChunk) {
          const size = chunk.size;
          yield chunk.take();
          // Room for a chunk like the last one, so it is seldom grown.
          chunk = new CopyChunk(Math.max(INITIAL_CHUNK_BYTES, size + (size >> 2)));
        }
      } else if (errors.length < target.maxErrors) {
        errors.push(item.rowError);
      }
    }
  }
}

/**
 * One chunk of COPY text, encoded line by line into bytes as the records come: no line is kept
 * as a string until the chunk is full.
 */
class CopyChunk {
  private static readonly encoder = new TextEncoder();
  private bytes: Uint8Array<ArrayBuffer>;
  private used = 0;
  lines = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  get size(): number {
    return this.used;
  }

  add(line: string): void {
    // A UTF-16 code unit is at most 3 bytes of UTF-8, so the line always fits whole.
    const most = line.length * 3 + 1;
    if (this.used + most > this.bytes.length) {
      const larger = new Uint8Array(Math.max(this.bytes.length * 2, this.used + most));
      larger.set(this.bytes.subarray(0, this.used));
      this.bytes = larger;
    }
    this.used += CopyChunk.encoder.encodeInto(line, this.bytes.subarray(this.used)).written;
    this.bytes[this.used++] = 0x0a;
    this.lines++;
  }

  /** The text so far; the chunk is not used after. */
  take(): Uint8Array<ArrayBuffer> {
    return this.bytes.subarray(0, this.used);
  }
}
