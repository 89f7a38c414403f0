import { useTranslation } from 'react-i18next';
import { formatCurrency, formatMoney } from '../format/formatters';
import { minorUnitsOf } from '../../rules/currencies';

interface Props {
  /** Exact decimal string. */
  amount: string;
  currency: string;
}

/** The most decimals the exact value on hover shows: the engine's precision. */
const EXACT_DECIMALS = 12;

/**
 * An amount in the currency's minor units and the reader's locale (`4,61 $US` in French), with
 * the exact value on hover: what moves is whole minor units, what is owed may hold fractions.
 */
export function Money({ amount, currency }: Props) {
  const { i18n } = useTranslation();
  const minorUnits = minorUnitsOf(currency);
  const options = { currency, locale: i18n.language, minimumFractionDigits: minorUnits };
  return (
    <span
      className="money"
      title={formatCurrency(amount, { ...options, maximumFractionDigits: EXACT_DECIMALS })}
    >
      {formatMoney(amount, currency, i18n.language)}
    </span>
  );
}
