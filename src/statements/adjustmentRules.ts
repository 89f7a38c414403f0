import type { NewAdjustment } from '../../api/statements';
import { isSignedMoneyText } from '../../rules/money';

export interface AdjustmentDraft {
  code: string;
  amount: string;
  units: string;
  description: string;
}

export const emptyAdjustment: AdjustmentDraft = {
  code: '',
  amount: '',
  units: '',
  description: '',
};

/** The first problem of a draft as a translation key, or null when the server may take it. */
export function adjustmentProblem(draft: AdjustmentDraft): string | null {
  if (!draft.code.trim()) return 'statements.adjustments.code-required';
  if (!isSignedMoneyText(draft.amount.trim())) return 'statements.adjustments.amount-invalid';
  if (/^-?0*(\.0*)?$/.test(draft.amount.trim())) return 'statements.adjustments.amount-zero';
  if (draft.units.trim() && !/^-?[0-9]{1,10}$/.test(draft.units.trim()))
    return 'statements.adjustments.units-invalid';
  if (!draft.description.trim()) return 'statements.adjustments.description-required';
  return null;
}

/** The request body; the amount stays the exact string typed. */
export function adjustmentBody(draft: AdjustmentDraft): NewAdjustment {
  const units = draft.units.trim();
  return {
    code: draft.code.trim().toUpperCase(),
    amount: draft.amount.trim(),
    ...(units ? { units: Number.parseInt(units, 10) } : {}),
    description: draft.description.trim(),
  };
}
