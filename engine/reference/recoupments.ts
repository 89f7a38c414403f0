// Steps 3 and 7: off-the-top cuts and debtor recoupments, in waterfall order.
import { compareText, maxOf, minOf, percentOf } from '../numbers';
import { allocate } from './allocation';
import { compareBuckets, type Bucket, type Ledger } from './ledger';
import type { RecordModel, RecoupmentModel } from './model';

export interface RecoupmentRun {
  recoupment: RecoupmentModel;
  remaining: bigint;
  deferred: bigint;
  taken: bigint;
  remittances: Map<string, bigint>;
}

function byWaterfall(a: RecoupmentModel, b: RecoupmentModel): number {
  if (a.priorityRank !== b.priorityRank) return a.priorityRank - b.priorityRank;
  if (a.remainingBefore !== b.remainingBefore)
    return a.remainingBefore < b.remainingBefore ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return compareText(a.id, b.id);
}

export class Waterfall {
  /** Fixed once at the start of the statement. */
  readonly runs: RecoupmentRun[];

  constructor(
    recoupments: readonly RecoupmentModel[],
    private readonly ledger: Ledger,
    private readonly periodLastDay: string,
    private readonly statementNet: bigint,
  ) {
    this.runs = [...recoupments].sort(byWaterfall).map((recoupment) => ({
      recoupment,
      remaining: recoupment.remainingBefore,
      deferred: recoupment.deferredBefore,
      taken: 0n,
      remittances: new Map(),
    }));
  }

  /** Step 3: cuts `record`'s net for every open off-the-top recoupment; returns what is left. */
  cutOffTheTop(record: RecordModel, net: bigint): bigint {
    let left = net;
    for (const run of this.runs) {
      const { recoupment } = run;
      if (left <= 0n) break;
      if (recoupment.netRevenuePct === 0n || !this.applies(run)) continue;
      if (recoupment.productIds !== null && !recoupment.productIds.has(record.productId ?? ''))
        continue;
      if (record.kind === 'mechanical' && !recoupment.mechanicalRepays) continue;
      const cut = minOf(percentOf(left, recoupment.netRevenuePct), this.limit(run));
      if (cut <= 0n) continue;
      left -= cut;
      this.take(run, cut);
    }
    return left;
  }

  /** Step 7, after every record is allocated. */
  recoupDebtors(): void {
    for (const run of this.runs) {
      if (run.recoupment.recoupablePct === 0n || !this.applies(run)) continue;
      this.recoupFromDebtors(run);
    }
  }

  /** A deferred balance is credited in full in the statement where its recoupment closes. */
  releaseDeferred(): void {
    for (const run of this.runs) {
      if (run.recoupment.remainingBefore > 0n && run.remaining === 0n) {
        this.ledger.credit(run.recoupment.creditorId, run.deferred);
        run.deferred = 0n;
      }
    }
  }

  private applies(run: RecoupmentRun): boolean {
    const { recoupment } = run;
    const started =
      recoupment.startDate === null || compareText(recoupment.startDate, this.periodLastDay) <= 0;
    return (
      run.remaining > 0n &&
      recoupment.status === 'open' &&
      started &&
      this.statementNet >= recoupment.revenueMinimum
    );
  }

  /** The most this recoupment may still take in this statement. */
  private limit(run: RecoupmentRun): bigint {
    const maximum = run.recoupment.statementMaximum;
    if (maximum === null) return run.remaining;
    return minOf(run.remaining, maxOf(0n, maximum - run.taken));
  }

  private take(run: RecoupmentRun, amount: bigint): void {
    run.remaining -= amount;
    run.taken += amount;
    if (run.recoupment.deferredReimbursement) run.deferred += amount;
    else this.ledger.credit(run.recoupment.creditorId, amount);
  }

  private eligibleBuckets(run: RecoupmentRun, debtorId: string): Bucket[] {
    const { productIds, mechanicalRepays } = run.recoupment;
    return this.ledger
      .bucketsOf(debtorId)
      .filter(
        (bucket) =>
          (productIds === null || productIds.has(bucket.productId)) &&
          (mechanicalRepays || !bucket.mechanical),
      )
      .sort(compareBuckets);
  }

  private recoupFromDebtors(run: RecoupmentRun): void {
    const { recoupment } = run;
    const debtors = recoupment.debtorIds.map((debtorId) => {
      const eligible = this.eligibleBuckets(run, debtorId);
      // Negative buckets lower what the debtor netted; a base below zero counts as zero.
      const base = maxOf(
        0n,
        eligible.reduce((sum, bucket) => sum + bucket.balance, 0n),
      );
      const buckets = eligible.filter((bucket) => bucket.balance > 0n);
      return { debtorId, buckets, cap: percentOf(base, recoupment.recoupablePct) };
    });
    const caps = debtors.map((debtor) => debtor.cap);
    let amount = minOf(
      this.limit(run),
      caps.reduce((sum, cap) => sum + cap, 0n),
    );
    if (amount < recoupment.paymentMinimum && amount < run.remaining) amount = 0n;
    if (amount <= 0n) return;
    const parts = allocate(amount, caps);
    debtors.forEach((debtor, index) => {
      const part = parts[index] ?? 0n;
      if (part === 0n) return;
      const draws = allocate(
        part,
        debtor.buckets.map((bucket) => bucket.balance),
      );
      debtor.buckets.forEach((bucket, bucketIndex) => {
        bucket.balance -= draws[bucketIndex] ?? 0n;
      });
      this.ledger.payee(debtor.debtorId).recouped += part;
      run.remittances.set(debtor.debtorId, (run.remittances.get(debtor.debtorId) ?? 0n) + part);
    });
    this.take(run, amount);
  }
}
