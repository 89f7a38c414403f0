import Decimal from 'decimal.js';
import type { EngineInput, EngineOutput, Recoupment as EngineRecoupment } from '../../engine/types';
import type { Recoupment } from '../../api/recoupments';
import { isSignedMoneyText } from '../../rules/money';
import type { RecoupmentFields } from './recoupmentDraft';

/** The id a recoupment being created has in its preview. */
export const NEW_RECOUPMENT_ID = 'preview:new';

// The engine takes no larger amount than the form does (rules/money.ts).
const isDecimal = (text: string | null | undefined): text is string =>
  typeof text === 'string' && isSignedMoneyText(text);
const decimalOr = (text: string | null | undefined, fallback: string): string =>
  isDecimal(text) ? text : fallback;

/**
 * The basis statement's engine input with the recoupment as edited, in place of the one it had
 * (or beside the others, when it is new). Its remaining balance moves by what the amount and
 * prepaid moved, as the server counts it: amount less prepaid less what approved statements took.
 * Null when the edit cannot apply to this statement: a field that is not a number yet, or a
 * recoupment in another currency than the statement's (the calculation never sends it).
 */
export function editedInput(
  input: EngineInput,
  fields: RecoupmentFields,
  original: Recoupment | null,
  now: number,
): EngineInput | null {
  const currency = fields.currency ?? 'USD';
  if (currency !== input.currency) return null;
  if (!isDecimal(fields.amount) || !isDecimal(fields.recoupablePct ?? '100')) return null;
  const id = original?.id ?? NEW_RECOUPMENT_ID;
  const prepaid = decimalOr(fields.prepaid, '0');
  const edited: EngineRecoupment = {
    id,
    title: fields.title,
    type: fields.type,
    status: fields.active !== false && (original?.status ?? 'open') === 'open' ? 'open' : 'closed',
    creditorId: fields.creditorId,
    debtorIds: fields.debtorIds ?? [],
    amount: fields.amount,
    prepaid,
    priority: fields.priority ?? 'medium',
    createdAt: original?.createdAt ?? now,
    startDate: fields.startDate ?? null,
    scope: fields.scope === 'products' ? 'products' : 'all',
    productIds: fields.productIds ?? [],
    recoupablePct: decimalOr(fields.recoupablePct, '100'),
    netRevenuePct: decimalOr(fields.netRevenuePct, '0'),
    statementMaximum: isDecimal(fields.statementMaximum) ? fields.statementMaximum : null,
    paymentMinimum: decimalOr(fields.paymentMinimum, '0'),
    revenueMinimum: decimalOr(fields.revenueMinimum, '0'),
    reimbursement: fields.reimbursement ?? 'immediate',
    mechanicalRepays: fields.mechanicalRepays ?? false,
  };
  const held = input.state.recoupments[id];
  const before = input.recoupments.find((recoupment) => recoupment.id === id);
  const remaining =
    held?.remaining !== undefined && before
      ? new Decimal(held.remaining)
          .plus(new Decimal(edited.amount).minus(before.amount))
          .minus(new Decimal(edited.prepaid).minus(before.prepaid))
      : new Decimal(edited.amount).minus(edited.prepaid);
  return {
    ...input,
    recoupments: [...input.recoupments.filter((recoupment) => recoupment.id !== id), edited],
    state: {
      ...input.state,
      recoupments: {
        ...input.state.recoupments,
        [id]: { remaining: remaining.toFixed(), deferred: held?.deferred ?? '0' },
      },
    },
  };
}

export interface ComparedLine {
  id: string;
  /** What the statement did: a payee's payout, or what a recoupment took. */
  before: string;
  /** What it would with the edit. */
  after: string;
  /** after − before, exact. */
  change: string;
}

const byId = (lines: readonly { id: string; amount: string }[]) =>
  new Map(lines.map((line) => [line.id, line.amount]));

function compare(
  before: readonly { id: string; amount: string }[],
  after: readonly { id: string; amount: string }[],
): ComparedLine[] {
  const was = byId(before);
  const will = byId(after);
  const ids = [...new Set([...was.keys(), ...will.keys()])];
  return ids.map((id) => {
    const old = was.get(id) ?? '0';
    const next = will.get(id) ?? '0';
    return { id, before: old, after: next, change: new Decimal(next).minus(old).toFixed() };
  });
}

/** Each payee's payout and each recoupment's take, as the statement did and as it would. */
export function compareOutputs(
  before: EngineOutput,
  after: EngineOutput,
): { payees: ComparedLine[]; recoupments: ComparedLine[] } {
  const payouts = (output: EngineOutput) =>
    output.payees.map((payee) => ({ id: payee.payeeId, amount: payee.payout }));
  const takes = (output: EngineOutput) =>
    output.recoupments.map((recoupment) => ({ id: recoupment.id, amount: recoupment.taken }));
  return {
    payees: compare(payouts(before), payouts(after)),
    recoupments: compare(takes(before), takes(after)),
  };
}
