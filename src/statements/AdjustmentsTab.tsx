import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { List } from '../widgets/list/List';
import type { ListColumn } from '../widgets/list/columns';
import { takesHandEdits } from '../../machines/statementMachine';
import type { Adjustment, Statement } from '../../api/statements';
import { getAdjustments } from './statementsApi';

/** The royalty lines and adjustments entered by hand, with the way to add more. */
export function AdjustmentsTab({
  statement,
  canWrite,
  generation = 0,
}: {
  statement: Statement;
  canWrite: boolean;
  /** Changes when a line was added, so the list is read again. */
  generation?: number;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const adjustments = useLoad(() => getAdjustments(api, statement.id), [api, statement.id], {
    reloadOn: [generation],
  });
  const currency = statement.currency ?? 'USD';

  const columns: ListColumn<Adjustment>[] = [
    { label: t('statements.adjustments.code'), key: 'code', width: 140 },
    {
      label: t('statements.adjustments.description'),
      key: 'description',
      width: 220,
      flexGrow: 3,
    },
    { label: t('statements.adjustments.units'), key: 'units', format: 'number', width: 80 },
    { label: t('statements.adjustments.amount'), key: 'amount', format: 'currency', currency },
    { label: t('statements.adjustments.added'), key: 'createdAt', format: 'date', width: 110 },
  ];

  return (
    <section className="card statement-adjustments" data-testid="adjustments">
      <header className="statement-results-head">
        <h2>{t('statements.adjustments.title')}</h2>
        {canWrite && takesHandEdits(statement.state) && (
          <Link
            className="button button-primary"
            to={`/statements/${encodeURIComponent(statement.id)}/royalties`}
          >
            {t('statements.adjustments.add-royalties')}
          </Link>
        )}
      </header>
      <List
        label={t('statements.adjustments.title')}
        columns={columns}
        rows={adjustments.status === 'ready' ? adjustments.data.items : []}
        loading={adjustments.status === 'loading'}
        loadingText={t('statements.adjustments.loading')}
        emptyText={t('statements.adjustments.empty')}
        maxRows={10}
      />
    </section>
  );
}
