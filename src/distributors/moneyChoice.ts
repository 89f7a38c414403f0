import type { ColumnCandidate, FieldChoice } from '../../api/layouts';
import { linesOf, type VersionDraft } from './templateDraft';

type MoneyField = FieldChoice['field'];

/** The draft with the picked candidate as the field's column, its currency read from its name. */
export function pickCandidate(
  draft: VersionDraft,
  field: MoneyField,
  candidate: ColumnCandidate,
): VersionDraft {
  return {
    ...draft,
    sources: {
      ...draft.sources,
      [field]: { ...draft.sources[field], mode: 'columns', columns: candidate.column },
    },
    // A currency read from the picked column's name, when no column holds it.
    currency:
      field === 'revenue' && candidate.currencyFromHeader && draft.currency.mode === 'none'
        ? { ...draft.currency, mode: 'header' }
        : draft.currency,
  };
}

/**
 * The column each asked money field has: picked among the candidates, or written by hand in the
 * field (the proposal leaves it empty); absent while the label has not confirmed one.
 */
export function confirmedColumns(
  choices: readonly FieldChoice[],
  draft: VersionDraft,
): Partial<Record<MoneyField, string>> {
  return Object.fromEntries(
    choices.flatMap((choice) => {
      const column = linesOf(draft.sources[choice.field].columns)[0];
      return column === undefined ? [] : [[choice.field, column]];
    }),
  );
}

/** The asked money fields the label has not confirmed yet: the layout is not saved before. */
export const unconfirmedFields = (
  choices: readonly FieldChoice[],
  draft: VersionDraft,
): MoneyField[] =>
  choices
    .map((choice) => choice.field)
    .filter((field) => confirmedColumns(choices, draft)[field] === undefined);
