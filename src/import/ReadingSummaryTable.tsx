import { useTranslation } from 'react-i18next';
import type { ReadingSummaryAnswer } from '../../api/statementUpload';
import { territoryName } from '../format/countries';
import { Money } from '../widgets/Money';

/**
 * What a reading gives per currency, before it counts (rules/readingSummary.ts): rows, revenue
 * in the currency's minor units (exact on hover), units, the dates and the territories that earn
 * most. A total far out of line shows at a glance. `partial`: only the file's first rows.
 */
export function ReadingSummaryTable({
  reading,
  fileName,
}: {
  reading: ReadingSummaryAnswer;
  /** Named in the caption when the reading is one file's of several. */
  fileName?: string;
}) {
  const { t, i18n } = useTranslation();
  const rows = reading.currencies.reduce((sum, currency) => sum + currency.rows, 0);
  const count = (value: number | string) =>
    new Intl.NumberFormat(i18n.language).format(BigInt(value));
  const caption = reading.partial
    ? t('import.reading.partial', { rows: count(rows) })
    : t('import.reading.whole');
  return (
    <div className="reading-summary" data-testid="reading-summary">
      {reading.currencies.length === 0 ? (
        <p className="page-note">{t('import.reading.none')}</p>
      ) : (
        <table className="table">
          <caption>{fileName ? `${fileName}: ${caption}` : caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('import.reading.currency')}</th>
              <th scope="col">{t('import.reading.rows')}</th>
              <th scope="col">{t('import.reading.revenue')}</th>
              <th scope="col">{t('import.reading.units')}</th>
              <th scope="col">{t('import.reading.dates')}</th>
              <th scope="col">{t('import.reading.territories')}</th>
            </tr>
          </thead>
          <tbody>
            {reading.currencies.map((summary) => {
              const currency = summary.currency ?? 'USD';
              return (
                <tr key={summary.currency ?? ''}>
                  <th scope="row">{summary.currency ?? t('import.reading.no-currency')}</th>
                  <td>{count(summary.rows)}</td>
                  <td data-testid="reading-revenue">
                    <Money amount={summary.revenue} currency={currency} />
                  </td>
                  <td>{count(summary.units)}</td>
                  <td>
                    {summary.firstDate === null
                      ? t('import.reading.no-dates')
                      : summary.firstDate === summary.lastDate
                        ? summary.firstDate
                        : t('import.reading.date-range', {
                            from: summary.firstDate,
                            to: summary.lastDate,
                          })}
                  </td>
                  <td>
                    <ul className="reading-territories">
                      {summary.territories.map((territory) => (
                        <li key={territory.territory ?? ''}>
                          {territory.territory === null
                            ? t('import.reading.no-territory')
                            : territoryName(territory.territory, i18n.language, t)}{' '}
                          <Money amount={territory.revenue} currency={currency} />
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
