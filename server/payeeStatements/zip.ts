import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Queryable } from '../db/database';
import { payeeStatementCsv, payeeStatementFileName } from './csv';
import { payeeStatementPdf } from './pdf';
import { readPayeeStatement, type PayeeStatementKey } from './read';

/**
 * Every payee statement named, each as its PDF (in its payee's language) and its CSV, in one zip
 * that streams out as the statements are written: a period of a large label is not held whole in
 * memory. A name two payees would share gets a number.
 */
export function payeeStatementsZip(
  db: Queryable,
  keys: readonly PayeeStatementKey[],
  now: Date,
  warn?: (message: string) => void,
): Readable {
  const zip = new ZipFile();
  const used = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n += 1) candidate = name.replace(/\.(\w+)$/, `-${n}.$1`);
    used.add(candidate);
    return candidate;
  };
  const output = zip.outputStream as unknown as Readable;
  void (async () => {
    for (const key of keys) {
      const found = await readPayeeStatement(db, key);
      if (!found) continue;
      const base = payeeStatementFileName(found.statement, 'pdf').replace(/\.pdf$/, '');
      const name = unique(`${base}.pdf`).replace(/\.pdf$/, '');
      const options = { mtime: now, compress: true };
      zip.addBuffer(await payeeStatementPdf(found.statement, found.language, warn), `${name}.pdf`, {
        ...options,
        compress: false,
      });
      zip.addBuffer(
        Buffer.from(payeeStatementCsv(found.statement), 'utf8'),
        `${name}.csv`,
        options,
      );
    }
    zip.end();
  })().catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
