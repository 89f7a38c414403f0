import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PayeeStatementsPanel } from '../earnings/PayeeStatementsPanel';
import { StatementCorrections } from '../periods/StatementCorrections';
import type { PageProps } from '../routes/types';
import { AdjustmentsTab } from './AdjustmentsTab';
import { RecordsTab } from './RecordsTab';
import { ResultViews } from './ResultViews';
import { StatementActions } from './StatementActions';
import { StatementFiles } from './StatementFiles';
import { StaleResultNote } from './StaleResultNote';
import { StatementHeader } from './StatementHeader';
import { StatementTabs } from './StatementTabs';
import { TotalHoldNotice } from './TotalHoldNotice';
import { StatementReading } from './StatementReading';
import { useStatement } from './useStatement';
import { useStatementActor } from './useStatementActor';
import './statements.css';

/** /statements/{id}: the pipeline, the next commands, the result views and the records tabs. */
export function StatementPage(_props: PageProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const actor = useStatementActor();
  const { statement, failed, reload } = useStatement(id);
  const tab = params.get('tab') === 'adjustments' ? 'adjustments' : 'records';

  if (!statement) {
    return (
      <section className="page statement-page">
        <p className="page-note">
          {failed ? t('statements.detail.not-found') : t('statements.detail.loading')}
        </p>
      </section>
    );
  }
  return (
    <section className="page statement-page">
      <StatementHeader statement={statement} actor={actor} />
      <StaleResultNote statement={statement} />
      <StatementCorrections statement={statement} canWrite={actor.canWrite} />
      <StatementActions
        key={`${statement.state}-${statement.statementDate ?? ''}`}
        statement={statement}
        actor={actor}
        onDone={reload}
      />
      <StatementFiles statement={statement} actor={actor} onReplaced={reload} />
      {statement.calculationId && (
        <ResultViews key={statement.calculationId} statement={statement} />
      )}
      <PayeeStatementsPanel statement={statement} />
      <TotalHoldNotice statement={statement} canConfirm={actor.canWrite} onConfirmed={reload} />
      <StatementReading statement={statement} />
      <StatementTabs id={statement.id} current={tab} />
      {tab === 'records' ? (
        <RecordsTab statement={statement} onChanged={reload} />
      ) : (
        <AdjustmentsTab statement={statement} canWrite={actor.canWrite} />
      )}
    </section>
  );
}
