import { useTranslation } from 'react-i18next';
import { stepOf, type StatementSnapshot } from '../../machines/statementMachine';
import { useDebugMode } from '../app/useDebugMode';
import { hasProblem, labelSteps, STATUS_KEYS, statusOfSnapshot, STEP_KEYS } from './pipeline';

/**
 * The steps a label follows the statement through, the current one lit and naming the status
 * its badge shows. The shared machine's own step label shows only in debug mode.
 */
export function Pipeline({ snapshot }: { snapshot: StatementSnapshot }) {
  const { t } = useTranslation();
  const debug = useDebugMode();
  const problem = hasProblem(snapshot);
  const status = statusOfSnapshot(snapshot);
  const machineStep = stepOf(snapshot);
  return (
    <ol className="statement-pipeline" aria-label={t('statements.pipeline.label')}>
      {labelSteps(status).map((step) => {
        const current = step.phase === 'current';
        return (
          <li
            key={step.id}
            className={`pipeline-step pipeline-step-${step.phase}${
              current && problem ? ' pipeline-step-problem' : ''
            }`}
            aria-current={current ? 'step' : undefined}
            data-testid={current ? 'pipeline-current' : undefined}
          >
            <span className="pipeline-step-name">{t(step.key)}</span>
            {current && STATUS_KEYS[status] && (
              <span className="pipeline-step-status" data-testid="pipeline-status">
                {t(STATUS_KEYS[status])}
              </span>
            )}
            {current && debug && machineStep && (
              <code className="statement-machine-event">{t(STEP_KEYS[machineStep])}</code>
            )}
          </li>
        );
      })}
    </ol>
  );
}
