import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebugMode } from '../app/useDebugMode';
import { formatDateTime } from '../format/formatters';
import { Money } from '../widgets/Money';
import { TextInput } from '../widgets/TextInput';
import { filterSteps, type DescribedHistory, type HistoryStep, type Shown } from './steps';
import '../widgets/list/list.css';
import './history.css';

function ShownValue({ value }: { value: Shown }) {
  if (value === null) return <span className="history-none">—</span>;
  if ('text' in value) return <>{value.text}</>;
  return <Money amount={value.amount} currency={value.currency} />;
}

function StepDetail({ step, extra }: { step: HistoryStep; extra?: ReactNode }) {
  const { t } = useTranslation();
  const debug = useDebugMode();
  return (
    <div className="history-step-detail">
      <dl className="facts">
        <dt>{t('replay.viewer.change')}</dt>
        <dd data-testid="history-step-title">
          {step.title}
          {debug && <code className="history-raw"> {step.event.type}</code>}
        </dd>
        <dt>{t('replay.viewer.by')}</dt>
        <dd>{step.event.actorName ?? t('replay.viewer.system')}</dd>
        <dt>{t('replay.viewer.at')}</dt>
        <dd>{formatDateTime(step.event.at)}</dd>
        {step.standing && (
          <>
            <dt>{step.standing.label}</dt>
            <dd data-testid="history-standing">
              <ShownValue value={step.standing.value} />
              {debug && step.debugNote && <code className="history-raw"> {step.debugNote}</code>}
            </dd>
          </>
        )}
      </dl>
      {step.changes.length > 0 && (
        <table className="history-changes" aria-label={t('replay.viewer.changes')}>
          <thead>
            <tr>
              <th scope="col">{t('replay.viewer.what')}</th>
              <th scope="col">{t('replay.viewer.before')}</th>
              <th scope="col">{t('replay.viewer.after')}</th>
            </tr>
          </thead>
          <tbody>
            {step.changes.map((row, index) => (
              <tr key={index}>
                <th scope="row">{row.field}</th>
                <td>
                  <ShownValue value={row.before} />
                </td>
                <td>
                  <ShownValue value={row.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {extra}
    </div>
  );
}

interface Props {
  /** Names the history for screen readers: 'Payment history'. */
  label: string;
  history: DescribedHistory;
  /** The server could not be reached: the steps come from this browser's copy. */
  offline: boolean;
  /** Something shown under the current step (the product's payouts at that version). */
  extra?: (step: HistoryStep) => ReactNode;
}

/**
 * Steps through a history one change at a time, filtered and searched; starts at the latest
 * change. The same viewer serves products, recoupments, payments and accounts.
 */
export function HistoryViewer({ label, history, offline, extra }: Props) {
  const { t } = useTranslation();
  const debug = useDebugMode();
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => filterSteps(history.steps, category, search),
    [history.steps, category, search],
  );
  const [seq, setSeq] = useState<string | null>(null);
  // The step chosen stays while the filter shows it; otherwise the latest change is shown.
  const found = shown.findIndex((step) => step.event.seq === seq);
  const at = found === -1 ? shown.length - 1 : found;
  const current = shown[at];
  const go = (index: number) =>
    setSeq(shown[Math.max(0, Math.min(index, shown.length - 1))]?.event.seq ?? null);

  return (
    <section className="history-viewer" aria-label={label}>
      {offline && (
        <p className="alert" role="status">
          {t('replay.viewer.offline')}
        </p>
      )}
      <div className="history-toolbar">
        <label className="field">
          <span className="field-label">{t('replay.viewer.filter')}</span>
          <select
            className="input"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <option value="">{t('replay.viewer.all')}</option>
            {history.categories.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <TextInput
          label={t('replay.viewer.search')}
          value={search}
          onChange={setSearch}
          size="small"
          type="search"
        />
      </div>
      {current ? (
        <div className="card history-current" data-testid="history-current">
          <div className="history-controls">
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={at === 0}
              onClick={() => go(0)}
            >
              {t('replay.viewer.first')}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={at === 0}
              onClick={() => go(at - 1)}
            >
              {t('replay.viewer.previous')}
            </button>
            <span data-testid="history-position">
              {t('replay.viewer.position', { at: at + 1, total: shown.length })}
            </span>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={at === shown.length - 1}
              onClick={() => go(at + 1)}
            >
              {t('replay.viewer.next')}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={at === shown.length - 1}
              onClick={() => go(shown.length - 1)}
            >
              {t('replay.viewer.last')}
            </button>
          </div>
          <StepDetail step={current} extra={extra?.(current)} />
        </div>
      ) : (
        <p className="page-note">
          {history.steps.length === 0 ? t('replay.viewer.empty') : t('replay.viewer.no-match')}
        </p>
      )}
      {shown.length > 0 && (
        <ol className="history-list card" aria-label={t('replay.viewer.list')}>
          {shown.map((step, index) => (
            <li key={step.event.seq}>
              <button
                type="button"
                className="history-list-item"
                aria-current={index === at ? 'step' : undefined}
                onClick={() => go(index)}
              >
                <span className="history-list-time">{formatDateTime(step.event.at)}</span>
                <span>{step.title}</span>
                <span className="history-list-actor">
                  {step.event.actorName ?? t('replay.viewer.system')}
                </span>
                {debug && <code className="history-raw">{step.event.type}</code>}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
