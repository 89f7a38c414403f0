// A bank's return file, whatever kind the label uploads: NACHA returns (text of 94-character
// records) or an ISO 20022 pain.002 status report or camt.054 notification (XML). The readers of
// each format (nacha.ts, sepa.ts) say what it returns, or why it cannot be read.
import { readNachaReturns } from './nacha';
import { readSepaReturns } from './sepa';
import { BankFileUnreadable, type BankReturn } from './types';

/** Reads an uploaded return file of any supported kind (NACHA text, pain.002, camt.054). */
export function readBankReturns(bytes: Buffer): BankReturn[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start.startsWith('<')) return readSepaReturns(text);
  // A NACHA file opens with its File Header record: type 1, priority code 01.
  if (start.startsWith('101')) return readNachaReturns(text);
  throw new BankFileUnreadable(
    'unknown-format',
    null,
    'Neither a NACHA file nor an ISO 20022 XML document.',
  );
}
