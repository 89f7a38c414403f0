// "What if we had not changed it": each saved version of a product's splits run on the same
// statement, each payee's payout at that version beside today's.
import { formatMoney, parseStateMoney } from '../../engine/numbers';
import type { SummaryOutput } from '../../engine/preview';
import type { SplitSet } from '../../engine/types';
import type { HistoryEvent } from '../../api/history';

/** The product's split sets as one save left them. */
export interface SplitVersion {
  /** The sequence number of the save; '0' for the sets before the first save recorded. */
  seq: string;
  sets: SplitSet[];
}

/** Every version of the product's splits, oldest first, from its history. */
export function splitVersions(events: readonly HistoryEvent[]): SplitVersion[] {
  const saves = events.filter((event) => event.type === 'ProductSplitsChanged');
  const first = saves[0]?.data.before as SplitSet[] | undefined;
  const versions: SplitVersion[] = first && first.length > 0 ? [{ seq: '0', sets: first }] : [];
  for (const save of saves) versions.push({ seq: save.seq, sets: save.data.after as SplitSet[] });
  return versions;
}

/** The version in force right after the event `seq`; null before the first one. */
export function versionAt(versions: readonly SplitVersion[], seq: string): SplitVersion | null {
  let found: SplitVersion | null = null;
  for (const version of versions) if (BigInt(version.seq) <= BigInt(seq)) found = version;
  return found;
}

/** The statement's split sets with the product's own replaced by a version's: defaults stay. */
export function setsWithVersion(inputSets: readonly SplitSet[], version: SplitVersion): SplitSet[] {
  return [...version.sets, ...inputSets.filter((set) => 'default' in set.scope)];
}

/** Each payee's payout (exact decimal text) in one engine result. */
export function payoutsOf(output: Pick<SummaryOutput, 'payees'>): Map<string, string> {
  return new Map(output.payees.map((payee) => [payee.payeeId, payee.payout]));
}

export interface PayoutComparison {
  payeeId: string;
  /** At the version; '0' for a payee it did not name. */
  then: string;
  today: string;
  /** then − today: what the payee would have had more (positive) or less with that version. */
  difference: string;
}

const count = (text: string | undefined) => parseStateMoney(text ?? '0') ?? 0n;

/** Every payee of either result, then beside today, in the order today's result names them. */
export function comparePayouts(
  then: ReadonlyMap<string, string>,
  today: ReadonlyMap<string, string>,
): PayoutComparison[] {
  const payees = [...today.keys(), ...[...then.keys()].filter((id) => !today.has(id))];
  return payees.map((payeeId) => ({
    payeeId,
    then: formatMoney(count(then.get(payeeId))),
    today: formatMoney(count(today.get(payeeId))),
    difference: formatMoney(count(then.get(payeeId)) - count(today.get(payeeId))),
  }));
}

/**
 * Runs every version on the statement, one after another (the engine worker takes one request
 * at a time): the payouts per version, by its sequence number.
 */
export async function payoutsByVersion(
  versions: readonly SplitVersion[],
  inputSets: readonly SplitSet[],
  run: (splitSets: SplitSet[]) => Promise<Pick<SummaryOutput, 'payees'>>,
): Promise<Map<string, Map<string, string>>> {
  const payouts = new Map<string, Map<string, string>>();
  for (const version of versions) {
    payouts.set(version.seq, payoutsOf(await run(setsWithVersion(inputSets, version))));
  }
  return payouts;
}
