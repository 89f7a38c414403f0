import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statement } from '../../api/statements';
import { Money } from '../widgets/Money';
import { useFileReason } from './fileReason';
import { type Actor } from './pipeline';

/** Where an amount goes in a translated sentence: the text around it is the translator's. */
const SLOT = '\u0000';

/** `t`'s sentence with each named value drawn as the node given (a Money widget, say). */
function sentenceWith(
  text: (slots: Record<string, string>) => string,
  nodes: Record<string, ReactNode>,
) {
  const slots = Object.fromEntries(
    Object.keys(nodes).map((name) => [name, `${SLOT}${name}${SLOT}`]),
  );
  return text(slots)
    .split(SLOT)
    .map((part, index) =>
      index % 2 === 1 ? <Fragment key={index}>{nodes[part]}</Fragment> : part,
    );
}

/**
 * The status in one sentence, under the steps: what the statement waits for, and for a failed
 * one which file could not be read, why (the reason the server kept per file) and what to do next.
 */
export function StatusExplanation({ statement, actor }: { statement: Statement; actor: Actor }) {
  const { t } = useTranslation();
  const fileReason = useFileReason();
  const currency = statement.currency ?? 'USD';
  const money = (amount: string | null) =>
    amount === null ? t('statements.detail.none') : <Money amount={amount} currency={currency} />;

  if (statement.status === 'failed') {
    const rejected = statement.files.filter((file) => file.error);
    return (
      <div
        className="alert alert-error statement-explain"
        role="alert"
        data-testid="status-explain"
      >
        <strong>{t('statements.explain.failed')}</strong>
        <ul className="statement-failed-files">
          {rejected.map((file) => (
            <li key={file.id} data-testid="failed-file">
              <span className="statement-file-name">{file.name}</span>:{' '}
              {fileReason(file.error ?? '')}
            </li>
          ))}
        </ul>
        <p>
          {actor.canWrite
            ? t('statements.explain.failed-next')
            : t('statements.explain.failed-wait')}
        </p>
      </div>
    );
  }

  const sentences: ReactNode[] = [];
  switch (statement.status) {
    case 'needs-attention':
      if (statement.missingCodes > 0)
        sentences.push(t('statements.explain.missing-codes', { count: statement.missingCodes }));
      if (statement.errors > 0)
        sentences.push(t('statements.explain.row-errors', { count: statement.errors }));
      if (sentences.length === 0) sentences.push(t('statements.explain.needs-attention'));
      break;
    case 'waiting-for-funds':
      sentences.push(
        sentenceWith((slots) => t('statements.explain.waiting-for-funds', slots), {
          expected: money(statement.expected),
          received: money(statement.receivedFunds ?? '0'),
        }),
      );
      break;
    case 'funded':
      sentences.push(
        statement.flags.cashless
          ? t('statements.explain.funded-cashless')
          : t('statements.explain.funded'),
      );
      break;
    default: {
      const key = EXPLAINED[statement.status];
      if (key) sentences.push(t(key));
    }
  }
  if (sentences.length === 0) return null;
  return (
    <p
      className={`statement-explain${statement.status === 'needs-attention' ? ' statement-explain-problem' : ''}`}
      data-testid="status-explain"
    >
      {sentences.map((sentence, index) => (
        <Fragment key={index}>
          {index > 0 && ' '}
          {sentence}
        </Fragment>
      ))}
    </p>
  );
}

/** The statuses whose sentence needs no figure of the statement. */
const EXPLAINED: Record<string, string> = {
  syncing: 'statements.explain.syncing',
  pending: 'statements.explain.pending',
  processing: 'statements.explain.processing',
  calculating: 'statements.explain.calculating',
  'pending-approval': 'statements.explain.pending-approval',
  'processing-payments': 'statements.explain.processing-payments',
  ready: 'statements.explain.ready',
  paid: 'statements.explain.paid',
  cancelled: 'statements.explain.cancelled',
  deleted: 'statements.explain.deleted',
};
