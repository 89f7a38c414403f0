import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useDebugMode } from '../app/useDebugMode';
import { useLocalCopy } from '../app/useLocalCopy';
import { formatDateTime } from '../format/formatters';
import type { PageProps } from '../routes/types';
import {
  clampStep,
  historyEventDetail,
  historyEventKey,
  replayHistory,
  type HistoryStep,
} from './history';
import { loadHistory, saveHistory } from './historyStore';
import { CalculationReplay } from './CalculationReplay';
import { Pipeline } from './Pipeline';
import { useFileReason } from './fileReason';
import type { StatementHistoryEvent } from '../../api/statements';
import { statementSnapshot } from './pipeline';
import { getHistory, getStatement } from './statementsApi';
import { StatementTabs } from './StatementTabs';
import { StatusBadge } from './StatusBadge';
import './statements.css';

interface LoadedHistory {
  title: string;
  steps: HistoryStep[];
  events: StatementHistoryEvent[];
  /** Epoch seconds of the copy kept in this browser, when the server could not be reached. */
  offlineCopy: number | null;
}

/** Reads the history from the server and keeps a copy; offline, replays the copy kept. */
async function readHistory(
  api: ReturnType<typeof useServices>['api'],
  id: string,
): Promise<LoadedHistory | null> {
  try {
    const [statement, history] = await Promise.all([
      getStatement(api, id),
      getHistory(api, id, true),
    ]);
    // A private window without IndexedDB still shows the history.
    await saveHistory(id, statement.title, history.items).catch(() => undefined);
    return {
      title: statement.title,
      steps: replayHistory(history.items),
      events: history.items,
      offlineCopy: null,
    };
  } catch {
    const kept = await loadHistory(id).catch(() => null);
    if (!kept) return null;
    return {
      title: kept.title,
      steps: replayHistory(kept.events),
      events: kept.events,
      offlineCopy: kept.savedAt,
    };
  }
}

/** /statements/{id}/logs: the statement's events, stepped one by one through the shared machine. */
export function StatementLogsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const debug = useDebugMode();
  const fileReason = useFileReason();
  const { api } = useServices();
  const { id = '' } = useParams();
  const history = useLoad(() => readHistory(api, id), [api, id]).data;
  // A history read anew starts at its last step.
  const [at, setAt] = useLocalCopy(Math.max(0, (history?.steps.length ?? 1) - 1), history);

  if (history === undefined || history === null) {
    return (
      <section className="page statement-page">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <p className="page-note">
          {history === null ? t('statements.logs.unavailable') : t('statements.logs.loading')}
        </p>
      </section>
    );
  }

  const { steps } = history;
  const current = steps[at];
  const eventDetail = (step: HistoryStep) => {
    const detail = historyEventDetail(step.event);
    if (!detail) return null;
    const { reason } = detail.values;
    return t(detail.key, reason ? { ...detail.values, reason: fileReason(reason) } : detail.values);
  };
  const detail = current ? eventDetail(current) : null;
  const move = (by: number) => setAt(clampStep(at, by, steps.length));
  return (
    <section className="page statement-page">
      <h1 className="page-title">{history.title}</h1>
      <StatementTabs id={id} current="logs" />
      {history.offlineCopy !== null && (
        <p className="alert" role="status">
          {t('statements.logs.offline', { date: formatDateTime(history.offlineCopy) })}
        </p>
      )}
      {current ? (
        <section className="card statement-replay" data-testid="history-replay">
          <div className="statement-replay-controls">
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={at === 0}
              onClick={() => setAt(0)}
            >
              {t('statements.logs.first')}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={at === 0}
              onClick={() => move(-1)}
            >
              {t('statements.logs.previous')}
            </button>
            <span data-testid="history-position">
              {t('statements.logs.position', { at: at + 1, total: steps.length })}
            </span>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={at === steps.length - 1}
              onClick={() => move(1)}
            >
              {t('statements.logs.next')}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={at === steps.length - 1}
              onClick={() => setAt(steps.length - 1)}
            >
              {t('statements.logs.last')}
            </button>
          </div>
          <Pipeline snapshot={statementSnapshot(current.state, current.flags)} />
          <dl className="facts">
            <dt>{t('statements.logs.event')}</dt>
            <dd data-testid="history-event">
              {t(historyEventKey(current.event))}
              {debug && typeof current.event.data.event === 'string' && (
                <code className="statement-machine-event"> {current.event.data.event}</code>
              )}
              {detail && <span className="statement-history-detail">{detail}</span>}
            </dd>
            <dt>{t('statements.logs.state')}</dt>
            <dd>
              <StatusBadge status={current.status} />
            </dd>
            <dt>{t('statements.logs.at')}</dt>
            <dd>{formatDateTime(current.event.at)}</dd>
            <dt>{t('statements.logs.replay')}</dt>
            <dd>{current.agrees ? t('statements.logs.agrees') : t('statements.logs.disagrees')}</dd>
          </dl>
        </section>
      ) : (
        <p className="page-note">{t('statements.logs.empty')}</p>
      )}
      {history.offlineCopy === null && (
        <CalculationReplay statementId={id} events={history.events} />
      )}
      <ol className="statement-history card" aria-label={t('statements.logs.list')}>
        {steps.map((step, index) => (
          <li key={step.event.version}>
            <button
              type="button"
              className="statement-history-item"
              aria-current={index === at ? 'step' : undefined}
              onClick={() => setAt(index)}
            >
              <span className="statement-history-time">{formatDateTime(step.event.at)}</span>
              <span>
                {t(historyEventKey(step.event))}
                {eventDetail(step) && (
                  <span className="statement-history-detail">{eventDetail(step)}</span>
                )}
              </span>
              <StatusBadge status={step.status} />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
