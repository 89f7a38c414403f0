import { useTranslation } from 'react-i18next';
import type { HistoryStep } from '../history/steps';
import { comparePayouts, versionAt } from '../history/whatIf';
import { Money } from '../widgets/Money';
import type { WhatIfPayouts as Payouts } from './useWhatIfPayouts';

/** Each payee's payout with the splits in force at this step, beside today's, on one statement. */
export function WhatIfPayouts({
  step,
  whatIf,
  nameOf,
}: {
  step: HistoryStep;
  whatIf: Payouts;
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  if (whatIf.status === 'loading') return <p className="page-note">{t('replay.whatif.loading')}</p>;
  if (whatIf.status === 'failed') return <p className="page-note">{t('replay.whatif.failed')}</p>;
  if (whatIf.status === 'no-statement')
    return <p className="page-note">{t('replay.whatif.no-statement')}</p>;
  const { versions, payouts, currency, statement } = whatIf;
  const version = versionAt(versions, step.event.seq);
  const latest = versions.at(-1);
  if (!version || !latest) return <p className="page-note">{t('replay.whatif.no-splits-yet')}</p>;
  const rows = comparePayouts(
    payouts.get(version.seq) ?? new Map(),
    payouts.get(latest.seq) ?? new Map(),
  );
  return (
    <section className="history-whatif" data-testid="history-whatif">
      <h3>{t('replay.whatif.title')}</h3>
      <p className="page-note">{t('replay.whatif.explain', { statement: statement.title })}</p>
      <table aria-label={t('replay.whatif.title')}>
        <thead>
          <tr>
            <th scope="col">{t('replay.whatif.payee')}</th>
            <th scope="col">{t('replay.whatif.then')}</th>
            <th scope="col">{t('replay.whatif.today')}</th>
            <th scope="col">{t('replay.whatif.difference')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.payeeId}>
              <th scope="row">{nameOf(row.payeeId)}</th>
              <td>
                <Money amount={row.then} currency={currency} />
              </td>
              <td>
                <Money amount={row.today} currency={currency} />
              </td>
              <td>
                <Money amount={row.difference} currency={currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
