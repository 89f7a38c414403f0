// The split editor's changes as one pure reducer: what the page does to its drafts, testable alone.
import {
  newSet,
  type PayeeShareDraft,
  type SetDraft,
  type ShareDraft,
  type TriggerDraft,
} from './splitDraft';
import type { ScopeView, SplitKind } from '../../api/splits';

export type ShareChange = Partial<Pick<PayeeShareDraft, 'pct' | 'balance'>> & { groupId?: string };

export type SplitEdit =
  | { type: 'sets.reset'; sets: SetDraft[] }
  | { type: 'set.add'; scope: ScopeView; kind: SplitKind }
  | { type: 'set.remove'; setKey: string }
  | {
      type: 'set.change';
      setKey: string;
      change: Partial<Pick<SetDraft, 'startDate' | 'priority' | 'kind'>>;
    }
  | { type: 'trigger.change'; setKey: string; change: Partial<TriggerDraft> }
  /** Adds a share to the set, or a member to the group `groupKey`. */
  | { type: 'share.add'; setKey: string; share: ShareDraft; groupKey?: string }
  | { type: 'share.change'; setKey: string; shareKey: string; change: ShareChange }
  | { type: 'share.remove'; setKey: string; shareKey: string }
  | { type: 'shares.replace'; setKey: string; shares: ShareDraft[] };

function changeShares(
  shares: ShareDraft[],
  shareKey: string,
  update: (share: ShareDraft) => ShareDraft | null,
): ShareDraft[] {
  return shares.flatMap((share): ShareDraft[] => {
    if (share.key === shareKey) {
      const changed = update(share);
      return changed ? [changed] : [];
    }
    if (share.kind === 'group') {
      const members = changeShares(share.members, shareKey, update) as PayeeShareDraft[];
      return [members === share.members ? share : { ...share, members }];
    }
    return [share];
  });
}

function applyShareChange(share: ShareDraft, change: ShareChange): ShareDraft {
  if (share.kind === 'group') {
    return {
      ...share,
      ...(change.pct !== undefined ? { pct: change.pct } : {}),
      ...(change.groupId !== undefined ? { groupId: change.groupId } : {}),
    };
  }
  return {
    ...share,
    ...(change.pct !== undefined ? { pct: change.pct } : {}),
    ...(change.balance !== undefined ? { balance: change.balance } : {}),
  };
}

export function editSplits(sets: SetDraft[], edit: SplitEdit): SetDraft[] {
  const onSet = (setKey: string, update: (set: SetDraft) => SetDraft) =>
    sets.map((set) => (set.key === setKey ? update(set) : set));
  switch (edit.type) {
    case 'sets.reset':
      return edit.sets;
    case 'set.add':
      return [...sets, newSet(edit.scope, edit.kind)];
    case 'set.remove':
      return sets.filter((set) => set.key !== edit.setKey);
    case 'set.change':
      return onSet(edit.setKey, (set) => ({ ...set, ...edit.change }));
    case 'trigger.change':
      return onSet(edit.setKey, (set) => ({ ...set, trigger: { ...set.trigger, ...edit.change } }));
    case 'share.add':
      return onSet(edit.setKey, (set) => {
        const { groupKey, share } = edit;
        if (!groupKey) return { ...set, shares: [...set.shares, share] };
        if (share.kind !== 'payee') return set;
        return {
          ...set,
          shares: set.shares.map((existing) =>
            existing.key === groupKey && existing.kind === 'group'
              ? { ...existing, members: [...existing.members, share] }
              : existing,
          ),
        };
      });
    case 'share.change':
      return onSet(edit.setKey, (set) => ({
        ...set,
        shares: changeShares(set.shares, edit.shareKey, (share) =>
          applyShareChange(share, edit.change),
        ),
      }));
    case 'share.remove':
      return onSet(edit.setKey, (set) => ({
        ...set,
        shares: changeShares(set.shares, edit.shareKey, () => null),
      }));
    case 'shares.replace':
      return onSet(edit.setKey, (set) => ({ ...set, shares: edit.shares }));
  }
}
