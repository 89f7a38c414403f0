import { randomBytes } from 'node:crypto';
import { dataKeyFile, loadDataKey } from '../dataKey';
import {
  DEFAULT_PAYMENT_RAIL,
  isPaymentRail,
  paymentRails,
  type PaymentRail,
} from '../../rules/paymentRails';
import type { SandboxOptions } from './sandboxPartner';

const once = <T>(make: () => T): (() => T) => {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
};

/** How payments move in this portal: the batch period and the sandbox partner's behaviour. */
export interface PaymentConfig {
  /** How money leaves the portal (PAYMENT_RAIL): the sandbox partner or bank files. */
  rail: PaymentRail;
  /** SPEC's batch period: how often scheduled payments are handed to the partner. */
  batchPeriodMs: number;
  /** How often the partner's bank answers due transfers and its webhooks go out. */
  partnerTickMs: number;
  sandbox: SandboxOptions;
  bankFile: {
    /** Business days from a bank file's submission to its transfers settling, if not returned. */
    settleDays: number;
  };
  /**
   * The key bank account numbers and tax ids are encrypted with, and ID documents with keys
   * derived from it; read when first needed.
   */
  dataKey: () => Buffer;
}

const DAY = 24 * 60 * 60 * 1000;

/** What the sandbox bank deposits into every new bank account, as payment sandboxes document. */
export const SANDBOX_MICRO_DEPOSITS: [string, string] = ['0.32', '0.45'];

const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
};

/** PAYMENT_RAIL, checked at the start: a typo must not leave a deployment on the sandbox. */
function railOf(value: string | undefined): PaymentRail {
  if (value === undefined || value === '') return DEFAULT_PAYMENT_RAIL;
  if (isPaymentRail(value)) return value;
  throw new Error(
    `PAYMENT_RAIL is "${value}": it must be one of ${paymentRails.join(', ')} (see README).`,
  );
}

/** From the environment; every value has a default a demo runs with (see README). */
export function paymentConfig(env: NodeJS.ProcessEnv = process.env): PaymentConfig {
  // Where the key is kept is checked now, at the start, though the key is read when first needed.
  const keyFile = dataKeyFile(env);
  return {
    rail: railOf(env.PAYMENT_RAIL),
    batchPeriodMs: number(env.PAYMENT_BATCH_PERIOD_MS, DAY),
    dataKey: once(() => loadDataKey(env, keyFile)),
    partnerTickMs: number(env.PARTNER_TICK_MS, 5000),
    sandbox: {
      settleAfterMs: number(env.SANDBOX_SETTLE_AFTER_MS, 60_000),
      failureShare: number(env.SANDBOX_FAILURE_SHARE, 0.05),
      fee: env.SANDBOX_FEE ?? '0.25',
      webhookDelayMs: number(env.SANDBOX_WEBHOOK_DELAY_MS, 2000),
      duplicateShare: number(env.SANDBOX_DUPLICATE_SHARE, 0.1),
      // The sandbox runs in the portal's process: a secret of this process signs and checks.
      secret: env.PARTNER_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
      microDeposits: SANDBOX_MICRO_DEPOSITS,
      microDepositDelayMs: number(env.SANDBOX_MICRO_DEPOSIT_DELAY_MS, DAY),
    },
    bankFile: { settleDays: number(env.BANKFILE_SETTLE_DAYS, 2) },
  };
}
