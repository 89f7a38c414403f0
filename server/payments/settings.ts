import Decimal from 'decimal.js';
import type { PaymentSettings, PaymentSettingsChange } from '../../api/paymentSettings';
import { minorUnitsOf } from '../../rules/currencies';
import { isMoneyText } from '../../rules/money';
import type { Database, Queryable } from '../db/database';
import { BadRequestError, ConflictError } from '../errors';
import { appendToStream, CONFLICT_MESSAGE, streamVersion } from '../events/store';
import type { EventMetadata, PaymentSettingsEvent } from '../events/types';
import { NOT_A_CURRENCY } from '../recoupments/validation';

export const PAYMENT_MINIMUM_INVALID =
  'A payment minimum is zero or more, with no more decimals than its currency has.';
export const PAYMENT_MINIMUM_TWICE = 'Each currency has one payment minimum.';

const stream = (accountId: string) => `paymentsettings-${accountId}`;

/** The label's settings: passback off and every minimum 0 until the label sets them. */
export async function readPaymentSettings(
  db: Queryable,
  accountId: string,
): Promise<PaymentSettings> {
  const settings = await db.query<{ passback: boolean; version: number }>(
    'select passback, version from account_payment_settings where account_id = $1',
    [accountId],
  );
  const minimums = await db.query<{ currency: string; amount: string }>(
    `select currency, trim_scale(amount)::text as amount from account_payment_minimums
      where account_id = $1 and amount > 0 order by currency`,
    [accountId],
  );
  return {
    passback: settings[0]?.passback ?? false,
    paymentMinimums: minimums,
    version: Number(settings[0]?.version ?? 0),
  };
}

/** The account's passback mode, copied onto each transaction when it is created. */
export async function passbackOf(tx: Queryable, accountId: string): Promise<boolean> {
  const rows = await tx.query<{ passback: boolean }>(
    'select passback from account_payment_settings where account_id = $1',
    [accountId],
  );
  return rows[0]?.passback ?? false;
}

function checkedMinimums(change: PaymentSettingsChange): Map<string, Decimal> {
  const minimums = new Map<string, Decimal>();
  for (const minimum of change.paymentMinimums) {
    const currency = minimum.currency.trim().toUpperCase();
    const amount = minimum.amount.trim();
    if (!/^[A-Z]{3}$/.test(currency)) throw new BadRequestError(NOT_A_CURRENCY);
    const decimals = amount.split('.')[1]?.length ?? 0;
    if (!isMoneyText(amount) || decimals > minorUnitsOf(currency)) {
      throw new BadRequestError(PAYMENT_MINIMUM_INVALID);
    }
    if (minimums.has(currency)) throw new BadRequestError(PAYMENT_MINIMUM_TWICE);
    minimums.set(currency, new Decimal(amount));
  }
  return minimums;
}

/**
 * Sets the label's passback mode and payment minimums as a whole: a currency left out goes back
 * to 0. Only what changed is logged; a change made from an older version is refused (409).
 */
export async function changePaymentSettings(
  db: Database,
  accountId: string,
  change: PaymentSettingsChange,
  metadata: EventMetadata,
): Promise<void> {
  const wanted = checkedMinimums(change);
  await db.transaction(async (tx) => {
    const version = await streamVersion(tx, stream(accountId));
    if (version !== change.version) throw new ConflictError(CONFLICT_MESSAGE);
    const current = await readPaymentSettings(tx, accountId);
    const events: PaymentSettingsEvent[] = [];
    if (current.passback !== change.passback) {
      events.push({ type: 'PassbackModeSet', data: { passback: change.passback } });
    }
    const before = new Map(current.paymentMinimums.map((m) => [m.currency, m.amount]));
    for (const currency of new Set([...before.keys(), ...wanted.keys()])) {
      const amount = wanted.get(currency) ?? new Decimal(0);
      if (amount.equals(before.get(currency) ?? 0)) continue;
      events.push({ type: 'PaymentMinimumSet', data: { currency, amount: amount.toFixed() } });
    }
    if (events.length > 0) {
      await appendToStream(tx, stream(accountId), version, events, metadata);
    }
  });
}
