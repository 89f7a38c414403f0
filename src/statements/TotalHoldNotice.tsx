import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { formatMoney } from '../format/formatters';
import { Money } from '../widgets/Money';
import { confirmTotal } from './statementsApi';
import type { Statement } from '../../api/statements';

type Hold = NonNullable<Statement['totalHold']>;

/** The sentence naming the figure a statement is held on, in the reader's language and money. */
export function totalHoldText(hold: Hold, t: TFunction, locale: string): string {
  const currency = hold.currency ?? 'USD';
  const money = (amount: string) => formatMoney(amount, currency, locale);
  const count = (value: string) => new Intl.NumberFormat(locale).format(BigInt(value));
  switch (hold.check) {
    case 'expected':
      return t('statements.total-hold.expected', {
        read: money(hold.read),
        expected: money(hold.expected),
      });
    case 'history':
      return t('statements.total-hold.history', {
        read: money(hold.read),
        times: count(hold.times),
        largest: money(hold.largestMonth),
        month: hold.month,
      });
    case 'perUnit':
      return t('statements.total-hold.per-unit', {
        units: count(hold.units),
        perUnit: money(hold.perUnit),
        bound: money(hold.bound),
      });
  }
}

/**
 * A statement held on its total (rules/totalChecks.ts): the figures it is held on, exact on
 * hover, and, for a person who may run the statement, the confirmation that releases it.
 */
export function TotalHoldNotice({
  statement,
  canConfirm,
  onConfirmed,
}: {
  statement: Statement;
  canConfirm: boolean;
  onConfirmed: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [running, setRunning] = useState(false);
  const hold = statement.totalHold;
  if (!hold) return null;
  const currency = hold.currency ?? 'USD';
  const confirm = () => {
    setRunning(true);
    // A refusal has shown the server's message as a toast.
    confirmTotal(api, statement.id)
      .then(onConfirmed, () => undefined)
      .finally(() => setRunning(false));
  };
  return (
    <section className="card" data-testid="total-hold">
      <h2>{t('statements.total-hold.title')}</h2>
      <p className="page-note">{totalHoldText(hold, t, i18n.language)}</p>
      <dl className="facts statement-facts">
        <dt>{t('statements.total-hold.read')}</dt>
        <dd data-testid="total-hold-read">
          <Money amount={hold.read} currency={currency} />
        </dd>
        {hold.check === 'expected' && (
          <>
            <dt>{t('statements.total-hold.expected-label')}</dt>
            <dd data-testid="total-hold-expected">
              <Money amount={hold.expected} currency={currency} />
            </dd>
          </>
        )}
        {hold.check === 'history' && (
          <>
            <dt>{t('statements.total-hold.largest')}</dt>
            <dd>
              <Money amount={hold.largestMonth} currency={currency} /> ({hold.month})
            </dd>
          </>
        )}
        {hold.check === 'perUnit' && (
          <>
            <dt>{t('statements.total-hold.per-unit-label')}</dt>
            <dd>
              <Money amount={hold.perUnit} currency={currency} />
            </dd>
          </>
        )}
      </dl>
      {canConfirm && (
        <button type="button" className="button" disabled={running} onClick={confirm}>
          {t('statements.total-hold.confirm')}
        </button>
      )}
    </section>
  );
}
