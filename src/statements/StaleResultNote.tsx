import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { formatDateTime } from '../format/formatters';
import type { Statement, StatementSplitChange } from '../../api/statements';
import { getSplitChanges } from './statementsApi';

/** Who saved the splits, and the admin behind them while emulating. */
function changedBy(change: StatementSplitChange, unknown: string): string {
  const who = change.actor ?? unknown;
  return change.emulatingActor ? `${who} (${change.emulatingActor})` : who;
}

/**
 * A pending result calculated before splits of its products were saved pays by the old ones:
 * the page names what changed, by whom and when, and approval is refused until it is calculated
 * again (server/statements/splitChanges.ts).
 */
export function StaleResultNote({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const pending = statement.state === 'pendingApproval' && statement.calculationId !== null;
  const changes = useLoad(
    () => (pending ? getSplitChanges(api, statement.id) : null),
    [api, statement.id, pending],
    { reloadOn: [statement.calculationId] },
  );
  const items = changes.data?.items ?? [];
  if (items.length === 0) return null;

  return (
    <section
      className="alert alert-warning statement-stale"
      role="alert"
      data-testid="stale-result"
    >
      <strong>{t('statements.stale.title')}</strong>
      <p>{t('statements.stale.note')}</p>
      <ul>
        {items.map((change, index) => (
          <li key={`${change.productId ?? 'defaults'}:${change.at}:${index}`}>
            {change.productId ? (
              <Link to={`/products/${encodeURIComponent(change.productId)}?tab=splits`}>
                {change.productTitle ?? change.productId}
              </Link>
            ) : (
              t('statements.stale.default-splits')
            )}
            {' · '}
            {t('statements.stale.changed-by', {
              who: changedBy(change, t('statements.stale.someone')),
              when: formatDateTime(change.at),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
