import { useTranslation } from 'react-i18next';
import { formatCurrency, formatMoney } from '../format/formatters';
import { minorUnitsOf } from '../../rules/currencies';

interface Props {
  /** Exact decimal string. */
  amount: string;
  currency: string;
  /**
   * Shows up to this many decimals (SPEC: 2 to 5) where the fraction of a minor unit matters, as
   * in a balance's remainder; by default the currency's minor units.
   */
  maxDecimals?: number;
}

/** The most decimals the exact value on hover shows: the engine's precision. */
const EXACT_DECIMALS = 12;

/**
 * An amount in the currency's minor units and the reader's locale (`4,61 $US` in French), with
 * the exact value on hover: what moves is whole minor units, what is owed may hold fractions.
 */
export function Money({ amount, currency, maxDecimals }: Props) {
  const { i18n } = useTranslation();
  const minorUnits = minorUnitsOf(currency);
  const options = { currency, locale: i18n.language, minimumFractionDigits: minorUnits };
  return (
    <span
      className="money"
      title={formatCurrency(amount, { ...options, maximumFractionDigits: EXACT_DECIMALS })}
    >
      {maxDecimals === undefined
        ? formatMoney(amount, currency, i18n.language)
        : formatCurrency(amount, {
            ...options,
            maximumFractionDigits: Math.max(minorUnits, maxDecimals),
          })}
    </span>
  );
}
