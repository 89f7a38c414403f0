import type { Queryable } from '../../db/database';
import type { PaymentSettingsEvent } from '../types';
import type { Projector } from './projector';

/** The settings row carries the stream's version; passback is off until a label turns it on. */
async function touch(tx: Queryable, accountId: string, version: number) {
  await tx.query(
    `insert into account_payment_settings (account_id, passback, version) values ($1, false, $2)
     on conflict (account_id) do update set version = excluded.version`,
    [accountId, version],
  );
}

export const paymentSettingsProjector: Projector<PaymentSettingsEvent> = {
  async PaymentMinimumSet(tx, { data }, { id, version }) {
    await touch(tx, id, version);
    await tx.query(
      `insert into account_payment_minimums (account_id, currency, amount) values ($1, $2, $3)
       on conflict (account_id, currency) do update set amount = excluded.amount`,
      [id, data.currency, data.amount],
    );
  },
  async PassbackModeSet(tx, { data }, { id, version }) {
    await touch(tx, id, version);
    await tx.query('update account_payment_settings set passback = $2 where account_id = $1', [
      id,
      data.passback,
    ]);
  },
};
