import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  parseStatementToEnd,
  type ParseOptions,
  type ParseSummary,
} from '../../../server/import/parse';
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
