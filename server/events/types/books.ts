import type { BookCategory } from '../../../rules/journals';

/**
 * The `books-<account id>` stream: the label's chart of accounts its journals post to, mapped
 * once in its settings. Only what changed is logged.
 */
export type BooksEvent =
  /** The account code and name in the label's books that a category posts to. */
  | { type: 'BookAccountMapped'; data: { category: BookCategory; code: string; name: string } }
  /** The tax rate name Xero's manual journal lines carry (royalty movements carry no tax). */
  | { type: 'XeroTaxRateSet'; data: { taxRate: string } };
