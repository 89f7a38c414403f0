import { useTranslation } from 'react-i18next';
import { formatCurrency, formatMoney } from '../format/formatters';
import { minorUnitsOf } from '../../rules/currencies';

interface Props {
  /** Exact decimal string. */
  amount: string;
  currency: string;
  /**
   * A balance (a wallet's, or what came into it): rounded down to whole minor units, as a
   * payment can move them, so every page shows the same balance the same way; the fraction of a
   * minor unit stays in the balance and shows in the exact value on hover.
   */
  balance?: boolean;
}

/** The most decimals the exact value on hover shows: the engine's precision. */
const EXACT_DECIMALS = 12;

/**
 * An amount in the currency's minor units and the reader's locale (`4,61 $US` in French), with
 * the exact value on hover: what moves is whole minor units, what is owed may hold fractions.
 */
export function Money({ amount, currency, balance = false }: Props) {
  const { i18n } = useTranslation();
  const exact = formatCurrency(amount, {
    currency,
    locale: i18n.language,
    minimumFractionDigits: minorUnitsOf(currency),
    maximumFractionDigits: EXACT_DECIMALS,
  });
  return (
    <span className="money" title={exact}>
      {formatMoney(amount, currency, i18n.language, { balance })}
    </span>
  );
}
