import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { microDepositPair } from '../../rules/bankAccount';
import { accountNumberOf, type BankDetails } from '../../rules/paymentRails';
import type { Database, Queryable } from '../db/database';
import type {
  FundingSource,
  MicroDepositCheck,
  NewFundingSource,
  NewPartnerTransfer,
  PartnerTransfer,
  PartnerWebhook,
  PaymentPartner,
} from './partner';

/** How the sandbox bank behaves; every figure can be set per portal (see README). */
export interface SandboxOptions {
  /** From a transfer's creation to the bank's answer. */
  settleAfterMs: number;
  /** The share of transfers the bank returns, from 0 to 1. */
  failureShare: number;
  /** What the partner charges per transfer, as exact decimal text. */
  fee: string;
  /** How late a webhook leaves after the change it reports. */
  webhookDelayMs: number;
  /** The share of webhooks sent twice, the copy later than the first. */
  duplicateShare: number;
  /** Signs every webhook (HMAC-SHA256). */
  secret: string;
  /** From a new bank account to its micro-deposits reaching the bank (SPEC: 24 to 48 hours). */
  microDepositDelayMs: number;
}

/** The routing number the sandbox knows a US account's bank by; other schemes have none. */
const routingOf = (details: BankDetails): string =>
  details.scheme === 'aba' ? details.routingNumber : '';

/**
 * Banks the sandbox knows by routing number, as a partner looks them up; any other valid number
 * is a bank it cannot name.
 */
export const SANDBOX_BANKS: Readonly<Record<string, string>> = {
  '011000015': 'Federal Reserve Bank of Boston',
  '021000021': 'JPMorgan Chase Bank',
  '322271627': 'JPMorgan Chase Bank',
  '026009593': 'Bank of America',
  '121000248': 'Wells Fargo Bank',
  '021000089': 'Citibank',
  '091000022': 'U.S. Bank',
  '031176110': 'Capital One',
};

/** ACH return codes the sandbox bank answers with, as banks word them. */
export const RETURN_CODES = [
  { code: 'R01', message: 'Insufficient Funds' },
  { code: 'R02', message: 'Account Closed' },
  { code: 'R03', message: 'No Account/Unable to Locate Account' },
  { code: 'R04', message: 'Invalid Account Number Structure' },
] as const;

/** A number in [0, 1) from a text: the sandbox decides the same way on every run. */
function share(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

interface TransferRow {
  id: string;
  amount: string;
  currency: string;
  fee: string;
  status: PartnerTransfer['status'];
  return_code: string | null;
  created_at: Date | string;
}

function toTransfer(row: TransferRow): PartnerTransfer {
  const returned = RETURN_CODES.find((entry) => entry.code === row.return_code) ?? null;
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    fee: row.fee,
    // Fifteen digits, as an ACH trace number has.
    traceId: String(BigInt(`0x${createHash('sha256').update(row.id).digest('hex').slice(0, 15)}`))
      .padStart(15, '0')
      .slice(-15),
    returnCode: returned?.code ?? null,
    returnMessage: returned?.message ?? null,
  };
}

const COLUMNS = `id, trim_scale(amount)::text as amount, currency, trim_scale(fee)::text as fee,
  status, return_code, created_at`;

/**
 * A payment partner that is real software: it keeps its transfers in its own tables, settles
 * them after a delay, returns a share of them with ACH codes, and reports each change by a
 * signed webhook that may come late or twice. A bank account number ending in 0001 to 0004 is
 * returned with R01 to R04, as partners' sandboxes do.
 */
export class SandboxPartner implements PaymentPartner {
  constructor(
    private readonly db: Database,
    private readonly options: SandboxOptions,
  ) {}

  /**
   * What this test bank deposited into the account, once the deposits have reached it by the
   * sandbox's clock; a real partner's are unknown.
   */
  async testDeposits(fundingSourceId: string, now: Date): Promise<string[] | null> {
    const rows = await this.db.query<{ micro_deposits: string[] }>(
      `select micro_deposits from sandbox_funding_sources
        where id = $1 and removed_at is null and coalesce(deposits_at, created_at) <= $2`,
      [fundingSourceId, now.toISOString()],
    );
    return rows[0] ? [...rows[0].micro_deposits] : null;
  }

  /**
   * Keeps the account, of any scheme (US, UK or IBAN), and deposits two random amounts into it:
   * never equal, never the pair the person's previous account received.
   */
  async createFundingSource(source: NewFundingSource, now: Date): Promise<FundingSource> {
    const customerId = `cus_${createHash('sha256').update(source.personId).digest('hex').slice(0, 16)}`;
    const fundingSourceId = `fs_${randomBytes(8).toString('hex')}`;
    const previous = await this.db.query<{ micro_deposits: string[] }>(
      `select micro_deposits from sandbox_funding_sources where customer_id = $1
        order by added desc limit 1`,
      [customerId],
    );
    await this.db.query(
      `insert into sandbox_funding_sources (id, customer_id, routing_number, last4, micro_deposits,
                                            created_at, deposits_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        fundingSourceId,
        customerId,
        routingOf(source.details),
        accountNumberOf(source.details).slice(-4),
        microDepositPair(randomInt, previous[0]?.micro_deposits ?? null),
        now.toISOString(),
        new Date(now.getTime() + this.options.microDepositDelayMs).toISOString(),
      ],
    );
    return {
      customerId,
      fundingSourceId,
      bankName: SANDBOX_BANKS[routingOf(source.details)] ?? null,
    };
  }

  /** The sandbox's deposits are in the bank after its delay, to the second (0: at once). */
  microDepositsDue(sentAt: number): { from: number; to: number } {
    const due = sentAt + Math.ceil(this.options.microDepositDelayMs / 1000);
    return { from: due, to: due };
  }

  async verifyMicroDeposits(
    fundingSourceId: string,
    amounts: string[],
    now: Date,
  ): Promise<MicroDepositCheck> {
    const rows = await this.db.query<{ matches: boolean; arrived: boolean }>(
      `select (select array_agg(a order by a) from unnest($2::numeric[]) a)
              = (select array_agg(m order by m) from unnest(micro_deposits::numeric[]) m) as matches,
              coalesce(deposits_at, created_at) <= $3 as arrived
         from sandbox_funding_sources where id = $1 and removed_at is null`,
      [fundingSourceId, amounts, now.toISOString()],
    );
    const source = rows[0];
    if (!source?.arrived) return source ? 'not-arrived' : 'mismatch';
    if (!source.matches) return 'mismatch';
    await this.db.query('update sandbox_funding_sources set verified_at = $2 where id = $1', [
      fundingSourceId,
      now.toISOString(),
    ]);
    return 'verified';
  }

  async removeFundingSource(fundingSourceId: string, now: Date): Promise<void> {
    await this.db.query(
      'update sandbox_funding_sources set removed_at = $2 where id = $1 and removed_at is null',
      [fundingSourceId, now.toISOString()],
    );
  }

  async createTransfer(transfer: NewPartnerTransfer, now: Date): Promise<PartnerTransfer> {
    return this.db.transaction(async (tx) => {
      const id = `sbx_${randomBytes(8).toString('hex')}`;
      // The same key answers the transfer it first made, whoever asks and however often.
      await tx.query(
        `insert into sandbox_transfers (id, idempotency_key, amount, currency, destination, status,
                                        fee, created_at, settle_at)
         values ($1, $2, $3, $4, $5, 'pending', $6, $7, $8)
         on conflict (idempotency_key) do nothing`,
        [
          id,
          transfer.idempotencyKey,
          transfer.amount,
          transfer.currency,
          transfer.destination,
          this.options.fee,
          now.toISOString(),
          new Date(now.getTime() + this.options.settleAfterMs).toISOString(),
        ],
      );
      const rows = await tx.query<TransferRow & { same: boolean }>(
        `select ${COLUMNS}, amount = $2::numeric and currency = $3 as same
           from sandbox_transfers where idempotency_key = $1`,
        [transfer.idempotencyKey, transfer.amount, transfer.currency],
      );
      const row = rows[0];
      if (!row) throw new Error('The sandbox lost a transfer it had just stored.');
      if (!row.same) {
        throw new Error(`Idempotency key ${transfer.idempotencyKey} was used for another amount.`);
      }
      return toTransfer(row);
    });
  }

  async getTransfer(id: string): Promise<PartnerTransfer | null> {
    const rows = await this.db.query<TransferRow>(
      `select ${COLUMNS} from sandbox_transfers where id = $1`,
      [id],
    );
    return rows[0] ? toTransfer(rows[0]) : null;
  }

  async cancelTransfer(id: string, now: Date): Promise<PartnerTransfer | null> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<TransferRow>(
        `update sandbox_transfers set status = 'cancelled', settled_at = $2
          where id = $1 and status = 'pending' returning ${COLUMNS}`,
        [id, now.toISOString()],
      );
      if (rows[0]) await this.queueWebhooks(tx, id, 'transfer.cancelled', now);
      const found = await tx.query<TransferRow>(
        `select ${COLUMNS} from sandbox_transfers where id = $1`,
        [id],
      );
      return found[0] ? toTransfer(found[0]) : null;
    });
  }

  /**
   * The bank returns a transfer it had settled, as ACH allows for some codes up to 60 days later;
   * false when the transfer is not settled.
   */
  async returnSettled(
    id: string,
    code: (typeof RETURN_CODES)[number]['code'],
    now: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query(
        `update sandbox_transfers set status = 'returned', return_code = $2, settled_at = $3
          where id = $1 and status = 'settled' returning id`,
        [id, code, now.toISOString()],
      );
      if (rows[0]) await this.queueWebhooks(tx, id, 'transfer.returned', now);
      return rows.length > 0;
    });
  }

  /** The bank answers every transfer whose time has come: settled, or returned with a code. */
  async settleDue(now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await tx.query<{ id: string; last4: string | null }>(
        `select t.id, f.last4 from sandbox_transfers t
           left join sandbox_funding_sources f on f.id = t.destination
          where t.status = 'pending' and t.settle_at <= $1
          order by t.settle_at, t.id for update of t`,
        [now.toISOString()],
      );
      for (const transfer of due) {
        // Account numbers ending in 0001 to 0004 are returned with R01 to R04.
        const forced = RETURN_CODES.find((entry) => transfer.last4 === `00${entry.code.slice(1)}`);
        const fails =
          forced ??
          (share(`fail:${transfer.id}`) < this.options.failureShare
            ? RETURN_CODES[Math.floor(share(`code:${transfer.id}`) * RETURN_CODES.length)]
            : undefined);
        await tx.query(
          `update sandbox_transfers set status = $2, return_code = $3, settled_at = $4 where id = $1`,
          [transfer.id, fails ? 'returned' : 'settled', fails?.code ?? null, now.toISOString()],
        );
        await this.queueWebhooks(
          tx,
          transfer.id,
          fails ? 'transfer.returned' : 'transfer.settled',
          now,
        );
      }
      return due.length;
    });
  }

  private async queueWebhooks(
    tx: Queryable,
    transferId: string,
    topic: PartnerWebhook['topic'],
    now: Date,
  ) {
    const webhook: PartnerWebhook = {
      id: `wh_${randomBytes(8).toString('hex')}`,
      topic,
      transferId,
    };
    const body = JSON.stringify(webhook);
    const at = (delay: number) => new Date(now.getTime() + delay).toISOString();
    await tx.query(
      `insert into sandbox_webhooks (id, transfer_id, topic, body, deliver_at)
       values ($1, $2, $3, $4, $5)`,
      [webhook.id, transferId, topic, body, at(this.options.webhookDelayMs)],
    );
    if (share(`twice:${webhook.id}`) < this.options.duplicateShare) {
      await tx.query(
        `insert into sandbox_webhooks (id, transfer_id, topic, body, deliver_at)
         values ($1, $2, $3, $4, $5)`,
        [`${webhook.id}-again`, transferId, topic, body, at(2 * this.options.webhookDelayMs + 1)],
      );
    }
  }

  /** The signature the portal checks: HMAC-SHA256 of the raw body, hex. */
  sign(body: string): string {
    return createHmac('sha256', this.options.secret).update(body).digest('hex');
  }

  /**
   * Sends every webhook that is due; one the portal does not take (an error, a crash) is sent
   * again later, up to a day of tries.
   */
  async deliverDue(now: Date, send: (body: string, signature: string) => Promise<boolean>) {
    const due = await this.db.query<{ id: string; body: string; attempts: number }>(
      `select id, body, attempts from sandbox_webhooks
        where delivered_at is null and deliver_at <= $1 and attempts < 20
        order by deliver_at, id`,
      [now.toISOString()],
    );
    let delivered = 0;
    for (const webhook of due) {
      const taken = await send(webhook.body, this.sign(webhook.body)).catch(() => false);
      if (taken) delivered += 1;
      const retryAt = new Date(now.getTime() + 2 ** Number(webhook.attempts) * 1000);
      await this.db.query(
        `update sandbox_webhooks set attempts = attempts + 1,
                delivered_at = case when $2 then $3::timestamptz end,
                deliver_at = case when $2 then deliver_at else $4::timestamptz end
          where id = $1`,
        [webhook.id, taken, now.toISOString(), retryAt.toISOString()],
      );
    }
    return delivered;
  }
}
