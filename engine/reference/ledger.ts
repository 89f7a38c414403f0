// What each payee earned (by line and by earnings bucket), was recouped and was credited.
import { compareText } from '../numbers';
import { allocate } from './allocation';
import type { RecordModel, SplitSetModel } from './model';

export interface LineTotal {
  code: string;
  productId: string;
  splitSetId: string;
  payeeId: string;
  units: bigint;
  amount: bigint;
}

export interface PayeeTotal {
  earned: bigint;
  recouped: bigint;
  credited: bigint;
}

/** Earnings of one payee from one product, sales (and adjustments) apart from mechanicals. */
export interface Bucket {
  productId: string;
  mechanical: boolean;
  balance: bigint;
}

export function compareBuckets(a: Bucket, b: Bucket): number {
  return compareText(a.productId, b.productId) || Number(a.mechanical) - Number(b.mechanical);
}

export class Ledger {
  readonly lines = new Map<string, LineTotal>();
  readonly payees = new Map<string, PayeeTotal>();
  readonly buckets = new Map<string, Map<string, Bucket>>();
  allocated = 0n;

  payee(payeeId: string): PayeeTotal {
    let total = this.payees.get(payeeId);
    if (total === undefined) {
      total = { earned: 0n, recouped: 0n, credited: 0n };
      this.payees.set(payeeId, total);
    }
    return total;
  }

  credit(payeeId: string, amount: bigint): void {
    if (amount !== 0n) this.payee(payeeId).credited += amount;
  }

  bucketsOf(payeeId: string): Bucket[] {
    return [...(this.buckets.get(payeeId)?.values() ?? [])];
  }

  /** Allocates one part of a record (step 6); a part with no money and no units makes no lines. */
  allocatePart(record: RecordModel, set: SplitSetModel, amount: bigint, units: bigint): void {
    if (amount === 0n && units === 0n) return;
    const earnings: [string, bigint][] = [];
    const shareParts = allocate(
      amount,
      set.shares.map((share) => share.weight),
    );
    set.shares.forEach((share, index) => {
      const sharePart = shareParts[index] ?? 0n;
      if (share.type === 'payee') {
        earnings.push([share.payeeId, sharePart]);
        return;
      }
      const memberParts = allocate(
        sharePart,
        share.members.map((member) => member.weight),
      );
      share.members.forEach((member, memberIndex) => {
        earnings.push([member.payeeId, memberParts[memberIndex] ?? 0n]);
      });
    });
    const touched = new Set<string>();
    for (const [payeeId, earned] of earnings) {
      const line = this.line(record, set, payeeId);
      line.amount += earned;
      // A part gives its units once to each line, however many shares the payee holds.
      if (!touched.has(payeeId)) line.units += units;
      touched.add(payeeId);
      this.payee(payeeId).earned += earned;
      this.bucket(payeeId, record).balance += earned;
    }
    this.allocated += amount;
  }

  private line(record: RecordModel, set: SplitSetModel, payeeId: string): LineTotal {
    const productId = record.productId ?? '';
    const key = JSON.stringify([record.code, set.id, payeeId]);
    let line = this.lines.get(key);
    if (line === undefined) {
      line = { code: record.code, productId, splitSetId: set.id, payeeId, units: 0n, amount: 0n };
      this.lines.set(key, line);
    }
    return line;
  }

  private bucket(payeeId: string, record: RecordModel): Bucket {
    const productId = record.productId ?? '';
    const mechanical = record.kind === 'mechanical';
    let payeeBuckets = this.buckets.get(payeeId);
    if (payeeBuckets === undefined) {
      payeeBuckets = new Map();
      this.buckets.set(payeeId, payeeBuckets);
    }
    const key = JSON.stringify([productId, mechanical]);
    let bucket = payeeBuckets.get(key);
    if (bucket === undefined) {
      bucket = { productId, mechanical, balance: 0n };
      payeeBuckets.set(key, bucket);
    }
    return bucket;
  }
}
