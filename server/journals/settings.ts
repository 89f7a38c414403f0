import type { BookSettings, BookSettingsChange } from '../../api/journals';
import {
  BOOK_CATEGORIES,
  DEFAULT_BOOK_ACCOUNTS,
  DEFAULT_XERO_TAX_RATE,
  bookAccountError,
  xeroTaxRateError,
  type BookAccount,
  type BookCategory,
} from '../../rules/journals';
import type { Database, Queryable } from '../db/database';
import { BadRequestError, ConflictError } from '../errors';
import { appendToStream, CONFLICT_MESSAGE, streamVersion } from '../events/store';
import type { BooksEvent, EventMetadata } from '../events/types';

export const BOOK_CATEGORY_TWICE = 'Each book category has one account.';

const stream = (accountId: string) => `books-${accountId}`;

/** The account each category posts to: the label's own, or the default. */
export async function readBookAccounts(
  db: Queryable,
  accountId: string,
): Promise<Record<BookCategory, BookAccount>> {
  const rows = await db.query<{ category: BookCategory; code: string; name: string }>(
    'select category, code, name from account_book_accounts where account_id = $1',
    [accountId],
  );
  const accounts = { ...DEFAULT_BOOK_ACCOUNTS };
  for (const row of rows) accounts[row.category] = { code: row.code, name: row.name };
  return accounts;
}

export async function readBookSettings(db: Queryable, accountId: string): Promise<BookSettings> {
  const settings = await db.query<{ xero_tax_rate: string | null; version: number }>(
    'select xero_tax_rate, version from account_book_settings where account_id = $1',
    [accountId],
  );
  const mapped = await db.query<{ category: BookCategory }>(
    'select category from account_book_accounts where account_id = $1',
    [accountId],
  );
  const own = new Set(mapped.map((row) => row.category));
  const accounts = await readBookAccounts(db, accountId);
  return {
    accounts: BOOK_CATEGORIES.map((category) => ({
      category,
      ...accounts[category],
      isDefault: !own.has(category),
    })),
    xeroTaxRate: settings[0]?.xero_tax_rate ?? DEFAULT_XERO_TAX_RATE,
    version: Number(settings[0]?.version ?? 0),
  };
}

/**
 * Maps the label's book accounts: a category left out keeps the account it has. Only what changed
 * is logged; a change made from an older version is refused (409).
 */
export async function changeBookSettings(
  db: Database,
  accountId: string,
  change: BookSettingsChange,
  metadata: EventMetadata,
): Promise<void> {
  const wanted = new Map<BookCategory, BookAccount>();
  for (const mapping of change.accounts) {
    const account = { code: mapping.code.trim(), name: mapping.name.trim() };
    const error = bookAccountError(account);
    if (error) throw new BadRequestError(error);
    if (wanted.has(mapping.category)) throw new BadRequestError(BOOK_CATEGORY_TWICE);
    wanted.set(mapping.category, account);
  }
  const taxRateError = xeroTaxRateError(change.xeroTaxRate);
  if (taxRateError) throw new BadRequestError(taxRateError);
  await db.transaction(async (tx) => {
    const version = await streamVersion(tx, stream(accountId));
    if (version !== change.version) throw new ConflictError(CONFLICT_MESSAGE);
    const current = await readBookAccounts(tx, accountId);
    const events: BooksEvent[] = [];
    for (const [category, account] of wanted) {
      const before = current[category];
      if (before.code === account.code && before.name === account.name) continue;
      events.push({ type: 'BookAccountMapped', data: { category, ...account } });
    }
    const taxRate = change.xeroTaxRate.trim();
    if (taxRate !== (await readBookSettings(tx, accountId)).xeroTaxRate) {
      events.push({ type: 'XeroTaxRateSet', data: { taxRate } });
    }
    if (events.length > 0) {
      await appendToStream(tx, stream(accountId), version, events, metadata);
    }
  });
}
