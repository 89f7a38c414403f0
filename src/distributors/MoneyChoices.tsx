import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnCandidate, FieldChoice } from '../../api/layouts';
import { formatMoney } from '../format/formatters';

export interface MoneyChoicesProps {
  choices: readonly FieldChoice[];
  /** The column picked for each field asked, by its layout name. */
  picked: Partial<Record<FieldChoice['field'], string>>;
  onPick: (field: FieldChoice['field'], candidate: ColumnCandidate) => void;
}

/**
 * The money fields a proposal left to the label: for each, the columns that could hold it with
 * what each would total over the sample, marked until one is picked. The layout is not saved
 * before every one is.
 */
export function MoneyChoices({ choices, picked, onPick }: MoneyChoicesProps) {
  const { t, i18n } = useTranslation();
  const name = useId();
  const totals = (field: FieldChoice['field'], candidate: ColumnCandidate) =>
    candidate.totals.length === 0
      ? t('distributors.own-layouts.no-total')
      : candidate.totals
          .map(({ currency, total }) =>
            field === 'revenue' && currency
              ? formatMoney(total, currency, i18n.language)
              : currency
                ? `${total} (${currency})`
                : total,
          )
          .join(', ');
  return (
    <>
      {choices.map((choice) => {
        const done = picked[choice.field] !== undefined;
        return (
          <fieldset
            key={choice.field}
            className={`own-layout-choice${done ? '' : ' needs-confirmation'}`}
            data-testid={`own-layout-choice-${choice.field}`}
          >
            <legend>
              {choice.field === 'revenue'
                ? t('distributors.own-layouts.choose-revenue')
                : t('distributors.own-layouts.choose-units')}{' '}
              <span className="own-layout-choice-mark">
                {done
                  ? t('distributors.own-layouts.confirmed')
                  : t('distributors.own-layouts.to-confirm')}
              </span>
            </legend>
            <p className="field-hint">{t('distributors.own-layouts.choice-hint')}</p>
            {choice.candidates.map((candidate) => (
              <label key={candidate.header} className="own-layout-candidate">
                <input
                  type="radio"
                  name={`${name}-${choice.field}`}
                  checked={picked[choice.field] === candidate.column}
                  onChange={() => onPick(choice.field, candidate)}
                />{' '}
                {t('distributors.own-layouts.candidate', {
                  column: candidate.header,
                  totals: totals(choice.field, candidate),
                })}
              </label>
            ))}
          </fieldset>
        );
      })}
    </>
  );
}
