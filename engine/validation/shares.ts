// Share lists: shapes, percentages, one balance share at most, totals of exactly 100%.
import { formatPercent } from '../numbers';
import { shareListTotals } from '../../rules/splitTotals';
import type { MemberShare, Share } from '../types';
import { child, fail, isObject, readArray, readPercent, type JsonObject } from './fields';

type ShapeReader<T> = (share: JsonObject, path: string) => T | null;

function isBalanceShape(share: JsonObject): boolean {
  return typeof share.payeeId === 'string' && share.balance === true && share.pct === undefined;
}

const readMember: ShapeReader<MemberShare> = (share, path) => {
  if (share.groupId !== undefined || typeof share.payeeId !== 'string') return null;
  if (share.balance !== undefined) {
    return isBalanceShape(share) ? { payeeId: share.payeeId, balance: true } : null;
  }
  if (share.pct === undefined) return null;
  return { payeeId: share.payeeId, pct: readPercent(share.pct, child(path, 'pct')) };
};

const readShare: ShapeReader<Share> = (share, path) => {
  if (share.groupId === undefined) return readMember(share, path);
  const isGroup =
    typeof share.groupId === 'string' &&
    share.payeeId === undefined &&
    share.balance === undefined &&
    share.pct !== undefined &&
    Array.isArray(share.members);
  if (!isGroup) return null;
  const pct = readPercent(share.pct, child(path, 'pct'));
  const members = readShareList(share.members, child(path, 'members'), readMember);
  return { groupId: share.groupId as string, pct, members };
};

function readShareList<T extends Share>(value: unknown, path: string, read: ShapeReader<T>): T[] {
  const shares: T[] = [];
  let balanceCount = 0;
  readArray(value, path).forEach((item, index) => {
    const sharePath = child(path, index);
    const share = isObject(item) ? read(item, sharePath) : null;
    if (share === null) fail(sharePath, 'unknown share shape');
    if ('balance' in share) {
      balanceCount += 1;
      // Said at the second balance share, before any later share is read, as the engine does.
      if (balanceCount > 1) fail(path, 'only one balance share allowed');
    }
    shares.push(share);
  });
  const totals = shareListTotals(shares);
  if (!totals.complete) fail(path, `Splits total ${formatPercent(totals.others)}%`);
  return shares;
}

export function readShares(value: unknown, path: string): Share[] {
  return readShareList(value, path, readShare);
}
