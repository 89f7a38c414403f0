import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { ReadingSummaryTable } from '../import/ReadingSummaryTable';
import { droppedRecordsKey } from './RecordsTab';
import { getReading } from './statementsApi';
import type { Statement } from '../../api/statements';

/** What the statement's files read to per currency, read again when its records change. */
export function StatementReading({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const reading = useLoad(
    () =>
      statement.records > 0 && !droppedRecordsKey(statement.status)
        ? getReading(api, statement.id)
        : Promise.resolve(null),
    [api, statement.id, statement.records, statement.status],
  );
  if (reading.status !== 'ready' || !reading.data) return null;
  return (
    <section className="card" data-testid="statement-reading">
      <h2>{t('import.reading.statement-title')}</h2>
      <ReadingSummaryTable reading={reading.data} />
    </section>
  );
}
