/**
 * What the bank-file rail's formats share: a bank's return of one payment, whatever file it came
 * in, and why a file from a bank could not be read. The writers (nacha.ts, sepa.ts) and readers
 * are pure: they take and give text, and the rail (bankFilePartner.ts) keeps what they produce.
 */

/** How a bank's return names the payment it returns. */
export type ReturnReference =
  /** NACHA: the trace number of the entry returned, as the portal wrote it. */
  | { kind: 'trace'; traceNumber: string }
  /** SEPA: the end-to-end id the portal wrote for the payment. */
  | { kind: 'endToEnd'; endToEndId: string }
  /** SEPA: a whole message (or one payment block of it) refused: every payment in it. */
  | { kind: 'message'; messageId: string; paymentInformationId: string | null };

/** One payment a bank did not pay, or took back, as its return file says. */
export interface BankReturn {
  reference: ReturnReference;
  /** The bank's reason code: an ACH return code (R01...) or an ISO 20022 reason (AC04...). */
  code: string;
  /** The bank's own words, when the file gives them. */
  detail: string | null;
  /** The amount returned, exact decimal text, and its currency; null when the file omits it. */
  amount: string | null;
  currency: string | null;
  /** When the bank returned it (YYYY-MM-DD), when the file says. */
  returnedOn: string | null;
}

/** Why a file uploaded as a bank's return could not be read; each has a text in every language. */
export const bankFileProblems = [
  'not-a-return-file',
  'malformed-record',
  'control-totals-differ',
  'unknown-format',
] as const;
export type BankFileProblem = (typeof bankFileProblems)[number];

export class BankFileUnreadable extends Error {
  constructor(
    readonly problem: BankFileProblem,
    /** Where in the file: a line number for NACHA, an element path for XML; null for the whole. */
    readonly at: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'BankFileUnreadable';
  }
}
