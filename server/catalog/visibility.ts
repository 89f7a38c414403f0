import Decimal from 'decimal.js';
import type { MemberShare, Share, SplitSet } from '../../engine/types';
import type { ShareLineView, ShareView, SplitSetView } from '../../api/splits';

type Names = ReadonlyMap<string, string>;

const HUNDRED = new Decimal(100);

/** Each share's percentage with a balance share resolved to what the others leave. */
function resolvedPercents(shares: readonly (Share | MemberShare)[]): Decimal[] {
  const explicit = shares.map((share) => ('pct' in share ? new Decimal(share.pct) : null));
  const others = explicit.reduce<Decimal>(
    (sum, pct) => (pct ? sum.plus(pct) : sum),
    new Decimal(0),
  );
  return explicit.map((pct) => pct ?? HUNDRED.minus(others));
}

/** What one payee holds of a set, groups included, as a percent of the whole. */
export function payeePercent(set: SplitSet, payeeId: string): Decimal {
  const percents = resolvedPercents(set.shares);
  return set.shares.reduce((total, share, index) => {
    const pct = percents[index] ?? new Decimal(0);
    if ('members' in share) {
      const memberPercents = resolvedPercents(share.members);
      return share.members.reduce(
        (sum, member, memberIndex) =>
          member.payeeId === payeeId
            ? sum.plus(pct.times(memberPercents[memberIndex] ?? 0).dividedBy(100))
            : sum,
        total,
      );
    }
    return share.payeeId === payeeId ? total.plus(pct) : total;
  }, new Decimal(0));
}

const percentText = (value: Decimal) => value.toDecimalPlaces(4).toFixed();

function line(share: Share | MemberShare, names: Names): ShareLineView {
  const payeeId = 'payeeId' in share ? share.payeeId : null;
  return {
    payeeId,
    fullname: payeeId ? (names.get(payeeId) ?? '') : '',
    pct: 'pct' in share ? share.pct : null,
    balance: 'balance' in share,
    grouped: false,
  };
}

function baseView(set: SplitSet): Omit<SplitSetView, 'shares'> {
  return {
    id: set.id,
    scope: 'code' in set.scope ? { code: set.scope.code } : 'product',
    kind: set.kind,
    startDate: set.startDate,
    priority: set.priority,
    trigger: (set.trigger as unknown as Record<string, unknown> | undefined) ?? null,
  };
}

/** Full visibility: every share as it was entered. */
export function fullView(set: SplitSet, names: Names): SplitSetView {
  return {
    ...baseView(set),
    shares: set.shares.map((share) => ({
      ...line(share, names),
      groupId: 'groupId' in share ? share.groupId : null,
      members: 'members' in share ? share.members.map((member) => line(member, names)) : [],
    })),
  };
}

/** Limited visibility (SPEC section 6): the viewer's own share, everyone else as one line. */
export function limitedView(set: SplitSet, viewerId: string, names: Names): SplitSetView {
  const own = payeePercent(set, viewerId);
  const others = HUNDRED.minus(own);
  const shares: ShareView[] = [];
  if (!own.isZero()) {
    shares.push({
      payeeId: viewerId,
      fullname: names.get(viewerId) ?? '',
      pct: percentText(own),
      balance: false,
      grouped: false,
      groupId: null,
      members: [],
    });
  }
  if (!others.isZero()) {
    shares.push({
      payeeId: null,
      fullname: '',
      pct: percentText(others),
      balance: false,
      grouped: true,
      groupId: null,
      members: [],
    });
  }
  return { ...baseView(set), shares };
}
