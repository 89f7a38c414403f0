// The split editor's working copy: drafts of split sets, read from the API and turned back into
// the API's request and the engine's split sets.
import type { MemberShare, Share, SplitSet, Trigger } from '../../engine/types';
import type { Preset } from '../../api/presets';
import type {
  ScopeView,
  ShareInput,
  ShareLineView,
  SplitKind,
  SplitSetInput,
  SplitSetView,
} from '../../api/splits';

export type TriggerType = 'income' | 'units' | 'plays' | 'date' | 'manual' | 'recoupment';

export const TRIGGER_TYPES: readonly TriggerType[] = [
  'income',
  'units',
  'plays',
  'date',
  'manual',
  'recoupment',
];

/** Every trigger field at once, so switching the type keeps what was typed. */
export interface TriggerDraft {
  type: TriggerType;
  threshold: string;
  preCounted: string;
  date: string;
  active: boolean;
  recoupmentId: string;
}

/** A payee's share: a known user (`payeeId`) or a new collaborator named by e-mail. */
export interface PayeeShareDraft {
  kind: 'payee';
  key: string;
  payeeId: string | null;
  email: string | null;
  fullname: string;
  pct: string;
  balance: boolean;
}

export interface GroupShareDraft {
  kind: 'group';
  key: string;
  groupId: string;
  pct: string;
  members: PayeeShareDraft[];
}

export type ShareDraft = PayeeShareDraft | GroupShareDraft;

export interface SetDraft {
  key: string;
  /** The saved set's id; null for a set not saved yet. */
  id: string | null;
  scope: ScopeView;
  kind: SplitKind;
  startDate: string;
  priority: string;
  trigger: TriggerDraft;
  shares: ShareDraft[];
}

let keyCounter = 0;
/** Keys only tell drafts apart on screen; they are never sent. */
export const nextKey = (prefix: string) => `${prefix}-${(keyCounter += 1)}`;

export const emptyTrigger = (): TriggerDraft => ({
  type: 'income',
  threshold: '',
  preCounted: '0',
  date: '',
  active: true,
  recoupmentId: '',
});

export function newSet(scope: ScopeView, kind: SplitKind): SetDraft {
  return {
    key: nextKey('set'),
    id: null,
    scope,
    kind,
    startDate: '',
    priority: kind === 'conditional' ? '1' : '0',
    trigger: emptyTrigger(),
    shares: [],
  };
}

export function payeeShare(
  who: { payeeId: string; fullname: string } | { email: string },
  pct = '',
): PayeeShareDraft {
  return {
    kind: 'payee',
    key: nextKey('share'),
    payeeId: 'payeeId' in who ? who.payeeId : null,
    email: 'email' in who ? who.email.trim().toLowerCase() : null,
    fullname: 'fullname' in who ? who.fullname : '',
    pct,
    balance: false,
  };
}

export function groupShare(groupId: string, pct = ''): GroupShareDraft {
  return { kind: 'group', key: nextKey('group'), groupId, pct, members: [] };
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

function triggerFromView(trigger: Record<string, unknown> | null): TriggerDraft {
  const draft = emptyTrigger();
  if (!trigger) return draft;
  const type = text(trigger.type);
  if ((TRIGGER_TYPES as readonly string[]).includes(type)) draft.type = type as TriggerType;
  if (trigger.threshold !== undefined) draft.threshold = text(trigger.threshold);
  if (trigger.preCounted !== undefined) draft.preCounted = text(trigger.preCounted);
  if (trigger.date !== undefined) draft.date = text(trigger.date);
  if (trigger.active !== undefined) draft.active = trigger.active === true;
  if (trigger.recoupmentId !== undefined) draft.recoupmentId = text(trigger.recoupmentId);
  return draft;
}

function lineFromView(line: ShareLineView): PayeeShareDraft {
  return {
    kind: 'payee',
    key: nextKey('share'),
    payeeId: line.payeeId,
    email: null,
    fullname: line.fullname,
    pct: line.balance ? '' : (line.pct ?? ''),
    balance: line.balance,
  };
}

/** The saved sets (full visibility) as drafts. */
export function draftsFromView(sets: readonly SplitSetView[]): SetDraft[] {
  return sets.map((set) => ({
    key: nextKey('set'),
    id: set.id,
    scope: set.scope,
    kind: set.kind,
    startDate: set.startDate ?? '',
    priority: String(set.priority),
    trigger: triggerFromView(set.trigger),
    shares: set.shares.map((share): ShareDraft =>
      share.groupId !== null
        ? {
            kind: 'group',
            key: nextKey('group'),
            groupId: share.groupId,
            pct: share.pct ?? '',
            members: share.members.map(lineFromView),
          }
        : lineFromView(share),
    ),
  }));
}

const sameScope = (left: ScopeView, right: ScopeView) =>
  left === 'product' || right === 'product' ? left === right : left.code === right.code;

export const scopeKey = (scope: ScopeView) =>
  scope === 'product' ? 'product' : `code:${scope.code}`;

/** The sets of one scope and tab: base and mechanical on the splits tab, conditional on its own. */
export function setsOf(
  sets: readonly SetDraft[],
  scope: ScopeView,
  tab: 'splits' | 'conditional',
): SetDraft[] {
  return sets.filter(
    (set) =>
      sameScope(set.scope, scope) &&
      (tab === 'conditional' ? set.kind === 'conditional' : set.kind !== 'conditional'),
  );
}

/** The trigger as the engine reads it (ENGINE.md, `conditional` sets). */
export function triggerValue(trigger: TriggerDraft): Trigger {
  switch (trigger.type) {
    case 'income':
      return {
        type: 'income',
        threshold: trigger.threshold.trim(),
        preCounted: trigger.preCounted.trim() || '0',
      };
    case 'units':
    case 'plays':
      return {
        type: trigger.type,
        threshold: Number(trigger.threshold.trim()),
        preCounted: Number(trigger.preCounted.trim() || '0'),
      };
    case 'date':
      return { type: 'date', date: trigger.date };
    case 'manual':
      return { type: 'manual', active: trigger.active };
    case 'recoupment':
      return { type: 'recoupment', recoupmentId: trigger.recoupmentId.trim() };
  }
}

function memberInput(share: PayeeShareDraft): ShareInput {
  const pct = share.pct.trim();
  if (share.payeeId) {
    return share.balance
      ? { payeeId: share.payeeId, balance: true }
      : { payeeId: share.payeeId, pct };
  }
  const email = share.email ?? '';
  return share.balance ? { email, balance: true } : { email, pct };
}

/** The body of PUT /api/products/{id}/splits. */
export function toRequest(sets: readonly SetDraft[]): SplitSetInput[] {
  return sets.map((set) => ({
    ...(set.id ? { id: set.id } : {}),
    scope: set.scope,
    kind: set.kind,
    startDate: set.startDate || null,
    priority: Number(set.priority || '0'),
    ...(set.kind === 'conditional'
      ? { trigger: triggerValue(set.trigger) as unknown as Record<string, unknown> }
      : {}),
    shares: set.shares.map((share) =>
      share.kind === 'group'
        ? { groupId: share.groupId, pct: share.pct.trim(), members: share.members.map(memberInput) }
        : memberInput(share),
    ),
  }));
}

/** The payee id a preview gives a share: a new collaborator has none yet, so their e-mail stands in. */
export const previewPayeeId = (share: PayeeShareDraft): string =>
  share.payeeId ?? `invite:${share.email ?? share.key}`;

function memberShare(share: PayeeShareDraft): MemberShare {
  const payeeId = previewPayeeId(share);
  return share.balance ? { payeeId, balance: true } : { payeeId, pct: share.pct.trim() };
}

/**
 * The drafts as engine split sets for the live preview. The preview has no recoupments, so a
 * recoupment trigger is previewed as not yet reached (a manual trigger that is off).
 */
export function toEngineSets(sets: readonly SetDraft[], productId: string): SplitSet[] {
  return sets.map((set) => {
    const trigger = triggerValue(set.trigger);
    return {
      id: set.id ?? `draft-${set.key}`,
      scope: set.scope === 'product' ? { productId } : { code: set.scope.code },
      kind: set.kind,
      startDate: set.startDate || null,
      priority: Number(set.priority || '0'),
      shares: set.shares.map((share): Share =>
        share.kind === 'group'
          ? {
              groupId: share.groupId,
              pct: share.pct.trim(),
              members: share.members.map(memberShare),
            }
          : memberShare(share),
      ),
      ...(set.kind === 'conditional'
        ? {
            trigger:
              trigger.type === 'recoupment' ? { type: 'manual' as const, active: false } : trigger,
          }
        : {}),
    };
  });
}

/** A preset's shares as drafts; names come from the payees the page knows. */
export function sharesFromPreset(
  preset: Preset,
  nameOf: (payeeId: string) => string,
): ShareDraft[] {
  const member = (share: Share): PayeeShareDraft => ({
    kind: 'payee',
    key: nextKey('share'),
    payeeId: 'payeeId' in share ? share.payeeId : null,
    email: null,
    fullname: 'payeeId' in share ? nameOf(share.payeeId) : '',
    pct: 'pct' in share ? share.pct : '',
    balance: 'balance' in share,
  });
  return preset.shares.map((share): ShareDraft =>
    'members' in share
      ? {
          kind: 'group',
          key: nextKey('group'),
          groupId: share.groupId,
          pct: share.pct,
          members: share.members.map(member),
        }
      : member(share),
  );
}

/** The shares of a set as a preset saves them; null when a payee has no account yet. */
export function presetShares(set: SetDraft): Share[] | null {
  const known = set.shares.every((share) =>
    share.kind === 'group' ? share.members.every((member) => member.payeeId) : share.payeeId,
  );
  if (!known) return null;
  return set.shares.map((share) =>
    share.kind === 'group'
      ? { groupId: share.groupId, pct: share.pct.trim(), members: share.members.map(memberShare) }
      : memberShare(share),
  );
}
