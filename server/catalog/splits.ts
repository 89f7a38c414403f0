import { randomUUID } from 'node:crypto';
import { EngineInputError } from '../../engine/errors';
import type { Share, SplitSet, SplitSetKind } from '../../engine/types';
import { readSplitSets } from '../../engine/validation/splitSets';
import { isSignedMoneyText, NOT_AN_AMOUNT } from '../../rules/money';
import { BadRequestError, type FieldError } from '../errors';
import { isEmail } from '../services/registration';
import { normalUsername } from '../../rules/usernames';

/** SPEC section 5's split texts. */
export const SPLIT_MESSAGES = {
  allTabs: 'Check split totals on all tabs',
  unattributed: 'Every split must be attributed to a collaborator.',
  duplicate: 'Duplicate user',
  email: 'Not a valid email',
  unknownUser: "We couldn't find this user. Enter a full email address or create a new user.",
  foreignCode: "This code is not one of the product's codes.",
  defaultCode: 'Default splits apply to the whole account, not to a single code.',
  threshold: 'A threshold needs income and/or units greater than zero.',
} as const;

const COUNTED_TRIGGERS = ['income', 'units', 'plays'];

/** SPEC section 5: a threshold of income, units or plays is greater than zero. */
function thresholdProblem(trigger: unknown): boolean {
  if (trigger === null || typeof trigger !== 'object') return false;
  const { type, threshold } = trigger as { type?: unknown; threshold?: unknown };
  if (typeof type !== 'string' || !COUNTED_TRIGGERS.includes(type)) return false;
  if (typeof threshold === 'number') return !(threshold > 0);
  // Income is decimal text: negative, or zero however written, is not a threshold.
  if (typeof threshold === 'string')
    return /^\s*-/.test(threshold) || /^\s*\+?0*\.?0*\s*$/.test(threshold);
  return false;
}

/**
 * The amounts of an income trigger past the portal's limit (rules/money.ts), by field: the engine
 * would refuse them at every calculation. A threshold that is no positive amount has its own text.
 */
function triggerAmountFields(trigger: unknown): string[] {
  if (trigger === null || typeof trigger !== 'object') return [];
  const { type, threshold, preCounted } = trigger as Record<string, unknown>;
  if (type !== 'income') return [];
  const fields: string[] = [];
  if (!thresholdProblem(trigger) && !isAmount(threshold)) fields.push('threshold');
  if (preCounted !== undefined && !isAmount(preCounted)) fields.push('preCounted');
  return fields;
}

const isAmount = (value: unknown) => typeof value === 'string' && isSignedMoneyText(value);

/** A share as the split editor sends it: a known payee, or a new collaborator by e-mail. */
export interface ShareInput {
  payeeId?: string;
  email?: string;
  pct?: string;
  balance?: boolean;
  groupId?: string;
  members?: ShareInput[];
}

export interface SplitSetInput {
  id?: string;
  scope: 'product' | { code: string };
  kind: SplitSetKind;
  startDate?: string | null;
  priority?: number;
  trigger?: unknown;
  shares: ShareInput[];
}

export interface SplitContext {
  /** The product the sets belong to, or null for the account's default sets. */
  productId: string | null;
  codes: ReadonlySet<string>;
  /** User ids that exist, and e-mail → user id for collaborators already known. */
  knownPayees: ReadonlySet<string>;
  payeeByEmail: ReadonlyMap<string, string>;
  recoupmentIds: Set<string>;
}

export interface CheckedSplits {
  sets: SplitSet[];
  /** Collaborators named only by e-mail who have no account yet: invite them, id given here. */
  invitations: { email: string; userId: string }[];
}

/**
 * Checks a product's split sets (or, with a null productId, the account's default sets,
 * where 'product' stands for the default scope) as the editor sends them and turns them into
 * engine split sets. Every problem is collected with its path; totals use the engine's own rule.
 */
export function checkSplitSets(
  input: readonly SplitSetInput[],
  context: SplitContext,
): CheckedSplits {
  const errors: FieldError[] = [];
  const invitations = new Map<string, string>();

  const resolvePayee = (share: ShareInput, path: string): string | null => {
    if (share.payeeId) {
      if (context.knownPayees.has(share.payeeId)) return share.payeeId;
      errors.push({ path: `${path}.payeeId`, message: SPLIT_MESSAGES.unknownUser });
      return null;
    }
    if (share.email !== undefined) {
      const email = normalUsername(share.email);
      if (!isEmail(email)) {
        errors.push({ path: `${path}.email`, message: SPLIT_MESSAGES.email });
        return null;
      }
      const known = context.payeeByEmail.get(email) ?? invitations.get(email);
      if (known) return known;
      const userId = randomUUID();
      invitations.set(email, userId);
      return userId;
    }
    errors.push({ path, message: SPLIT_MESSAGES.unattributed });
    return null;
  };

  const toShares = (shares: readonly ShareInput[], path: string, seen: Set<string>): unknown[] =>
    shares.map((share, index) => {
      const sharePath = `${path}[${index}]`;
      if (share.groupId !== undefined || share.members !== undefined) {
        return {
          groupId: share.groupId ?? `group-${index + 1}`,
          pct: share.pct,
          members: toShares(share.members ?? [], `${sharePath}.members`, seen),
        };
      }
      const payeeId = resolvePayee(share, sharePath) ?? `unresolved-${sharePath}`;
      if (seen.has(payeeId)) errors.push({ path: sharePath, message: SPLIT_MESSAGES.duplicate });
      seen.add(payeeId);
      return share.balance ? { payeeId, balance: true } : { payeeId, pct: share.pct };
    });

  const candidates = input.map((set, index) => {
    const path = `splitSets[${index}]`;
    if (set.kind === 'conditional' && thresholdProblem(set.trigger)) {
      errors.push({ path: `${path}.trigger.threshold`, message: SPLIT_MESSAGES.threshold });
    }
    if (set.kind === 'conditional') {
      for (const field of triggerAmountFields(set.trigger)) {
        errors.push({ path: `${path}.trigger.${field}`, message: NOT_AN_AMOUNT });
      }
    }
    if (typeof set.scope === 'object' && !context.codes.has(set.scope.code)) {
      const message =
        context.productId === null ? SPLIT_MESSAGES.defaultCode : SPLIT_MESSAGES.foreignCode;
      errors.push({ path: `${path}.scope.code`, message });
    }
    return {
      id: set.id ?? randomUUID(),
      scope:
        typeof set.scope === 'object'
          ? { code: set.scope.code }
          : context.productId === null
            ? { default: true as const }
            : { productId: context.productId },
      kind: set.kind,
      startDate: set.startDate ?? null,
      priority: set.priority ?? 0,
      shares: toShares(set.shares, `${path}.shares`, new Set()),
      ...(set.kind === 'conditional' ? { trigger: set.trigger } : {}),
    };
  });

  // Each set alone, so every tab's total problem is reported, not only the first.
  candidates.forEach((candidate, index) => {
    try {
      readSplitSets([candidate], 'splitSets', context.recoupmentIds);
    } catch (error) {
      if (!(error instanceof EngineInputError)) throw error;
      const path = (error.path ?? 'splitSets').replace(/^splitSets\[0\]/, `splitSets[${index}]`);
      // A field already refused in the user's words is not refused again in the engine's.
      if (errors.some((known) => known.path === path)) return;
      errors.push({ path, message: error.detail ?? error.message });
    }
  });

  if (errors.length > 0) {
    const erroneousSets = new Set(
      errors.map((error) => /^splitSets\[(\d+)\]/.exec(error.path)?.[1]),
    );
    const message = erroneousSets.size > 1 ? SPLIT_MESSAGES.allTabs : (errors[0]?.message ?? '');
    throw new BadRequestError(message, errors);
  }
  const sets = readSplitSets(candidates, 'splitSets', context.recoupmentIds);
  return {
    sets,
    invitations: [...invitations.entries()].map(([email, userId]) => ({ email, userId })),
  };
}

/** The share list of a preset in a canonical order, so the same split is recognised twice. */
export function canonicalShares(shares: readonly Share[]): string {
  // Fixed key order: a list read back from jsonb has its keys reordered.
  const normalise = (share: Share): unknown =>
    'members' in share
      ? ['group', share.pct, share.members.map(normalise).map(String).sort()]
      : [
          'balance' in share ? 'balance' : 'payee',
          share.payeeId,
          'pct' in share ? share.pct : null,
        ];
  return JSON.stringify(shares.map((share) => JSON.stringify(normalise(share))).sort());
}
