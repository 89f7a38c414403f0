import { useTranslation } from 'react-i18next';
import type { StatementSnapshot } from '../../machines/statementMachine';
import { hasProblem, pipelineSteps } from './pipeline';

/** The ten step labels of SPEC section 4, the current one marked, from the shared machine. */
export function Pipeline({ snapshot }: { snapshot: StatementSnapshot }) {
  const { t } = useTranslation();
  const problem = hasProblem(snapshot);
  return (
    <ol className="statement-pipeline" aria-label={t('statements.pipeline.label')}>
      {pipelineSteps(snapshot).map((step) => (
        <li
          key={step.label}
          className={`pipeline-step pipeline-step-${step.phase}${
            step.phase === 'current' && problem ? ' pipeline-step-problem' : ''
          }`}
          aria-current={step.phase === 'current' ? 'step' : undefined}
          data-testid={step.phase === 'current' ? 'pipeline-current' : undefined}
        >
          {t(step.key)}
        </li>
      ))}
    </ol>
  );
}
