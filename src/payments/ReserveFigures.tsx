import { useTranslation } from 'react-i18next';
import type { PayeeReserve } from '../../api/reserves';
import { formatDate } from '../format/formatters';
import { Money } from '../widgets/Money';

/** A release's day, `YYYY-MM-DD`, as the reader writes dates: the first day of its period. */
const dueDay = (dueOn: string) => formatDate(Date.parse(`${dueOn}T00:00:00Z`) / 1000, 'UTC');

/** When what is held back comes back: one line per part, its day and amount. */
export function ReserveReleases({
  releases,
  currency,
}: {
  releases: PayeeReserve['releases'];
  currency: string;
}) {
  if (releases.length === 0) return null;
  return (
    <ul className="reserve-releases">
      {releases.map((release) => (
        <li key={release.dueOn}>
          <time dateTime={release.dueOn}>{dueDay(release.dueOn)}</time>{' '}
          <Money amount={release.amount} currency={currency} />
        </li>
      ))}
    </ul>
  );
}

/**
 * What reserves against returns take of each payee on a statement: held back, returns taken from
 * the reserve, and when what is held back is paid back. `names` by payee id.
 */
export function ReserveTable({
  reserves,
  currency,
  names,
}: {
  reserves: readonly PayeeReserve[];
  currency: string;
  names: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <table className="payee-statement-table" data-testid="reserve-table">
      <caption>{t('reserves.statement.heading')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('reserves.statement.payee')}</th>
          <th scope="col" className="number">
            {t('reserves.statement.withheld')}
          </th>
          <th scope="col" className="number">
            {t('reserves.statement.charged')}
          </th>
          <th scope="col">{t('reserves.statement.releases')}</th>
        </tr>
      </thead>
      <tbody>
        {reserves.map((reserve) => (
          <tr key={reserve.payeeId}>
            <td>{names.get(reserve.payeeId) ?? ''}</td>
            <td className="number">
              <Money amount={reserve.withheld} currency={currency} />
            </td>
            <td className="number">
              <Money amount={reserve.charged} currency={currency} />
            </td>
            <td>
              <ReserveReleases releases={reserve.releases} currency={currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
