import type { Queryable } from '../../db/database';
import type { BooksEvent } from '../types';
import type { Projector } from './projector';

/** The settings row carries the stream's version; the default Xero tax rate until one is set. */
async function touch(tx: Queryable, accountId: string, version: number) {
  await tx.query(
    `insert into account_book_settings (account_id, version) values ($1, $2)
     on conflict (account_id) do update set version = excluded.version`,
    [accountId, version],
  );
}

export const booksProjector: Projector<BooksEvent> = {
  async BookAccountMapped(tx, { data }, { id, version }) {
    await touch(tx, id, version);
    await tx.query(
      `insert into account_book_accounts (account_id, category, code, name) values ($1, $2, $3, $4)
       on conflict (account_id, category) do update set code = excluded.code, name = excluded.name`,
      [id, data.category, data.code, data.name],
    );
  },
  async XeroTaxRateSet(tx, { data }, { id, version }) {
    await touch(tx, id, version);
    await tx.query('update account_book_settings set xero_tax_rate = $2 where account_id = $1', [
      id,
      data.taxRate,
    ]);
  },
};
