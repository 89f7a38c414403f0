import { useTranslation } from 'react-i18next';
import { formatDate } from '../format/formatters';
import { Money } from '../widgets/Money';
import { Pipeline } from './Pipeline';
import { statementSnapshot, type Actor } from './pipeline';
import { StatusExplanation } from './StatusExplanation';
import type { Statement } from '../../api/statements';
import { StatusBadge } from './StatusBadge';
import { originText } from './origin';

/** The statement's title, facts, its place among the label's steps and what it waits for. */
export function StatementHeader({ statement, actor }: { statement: Statement; actor: Actor }) {
  const { t } = useTranslation();
  const currency = statement.currency ?? 'USD';
  const money = (value: string | null) =>
    value === null ? t('statements.detail.none') : <Money amount={value} currency={currency} />;
  const flags = [
    statement.flags.forced && t('statements.detail.forced'),
    statement.flags.expedited && t('statements.detail.expedited'),
    statement.flags.cashless && t('statements.detail.cashless'),
  ].filter(Boolean);
  return (
    <header className="statement-header">
      <div className="statement-title-row">
        <h1 className="page-title">{statement.title}</h1>
        <StatusBadge status={statement.status} />
        {flags.map((flag) => (
          <span key={String(flag)} className="statement-flag">
            {flag}
          </span>
        ))}
      </div>
      <Pipeline snapshot={statementSnapshot(statement.state, statement.flags)} />
      <StatusExplanation statement={statement} actor={actor} />
      <dl className="facts statement-facts">
        <dt>{t('statements.detail.distributor')}</dt>
        <dd>{statement.distributor.name}</dd>
        <dt>{t('statements.detail.period')}</dt>
        <dd>{statement.period}</dd>
        {statement.exchange && (
          <>
            <dt>{t('statements.detail.exchange')}</dt>
            <dd data-testid="exchange-rate">
              {t('statements.detail.exchange-value', { ...statement.exchange })}
            </dd>
          </>
        )}
        <dt>{t('statements.detail.received')}</dt>
        <dd>{formatDate(statement.receivedAt)}</dd>
        <dt>{t('statements.detail.origin')}</dt>
        <dd data-testid="statement-origin">{originText(t, statement)}</dd>
        {statement.statementDate && (
          <>
            <dt>{t('statements.detail.statement-date')}</dt>
            <dd>{statement.statementDate}</dd>
          </>
        )}
        <dt>{t('statements.detail.expected')}</dt>
        <dd>{money(statement.expected)}</dd>
        <dt>{t('statements.detail.received-funds')}</dt>
        <dd data-testid="received-funds">{money(statement.receivedFunds)}</dd>
        <dt>{t('statements.detail.revenue')}</dt>
        <dd>{money(statement.revenue)}</dd>
        <dt>{t('statements.detail.records')}</dt>
        <dd>{statement.records}</dd>
        <dt>{t('statements.detail.errors')}</dt>
        <dd>{statement.errors}</dd>
        <dt>{t('statements.detail.missing-codes')}</dt>
        <dd data-testid="missing-code-count">{statement.missingCodes}</dd>
      </dl>
    </header>
  );
}
