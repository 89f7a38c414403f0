import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export type StatementTab = 'records' | 'adjustments' | 'logs';

/** Records, adjustments and logs; logs is the child route /statements/{id}/logs. */
export function StatementTabs({ id, current }: { id: string; current: StatementTab }) {
  const { t } = useTranslation();
  const base = `/statements/${encodeURIComponent(id)}`;
  const tabs: ReadonlyArray<{ tab: StatementTab; to: string; key: string }> = [
    { tab: 'records', to: base, key: 'statements.tabs.records' },
    { tab: 'adjustments', to: `${base}?tab=adjustments`, key: 'statements.tabs.adjustments' },
    { tab: 'logs', to: `${base}/logs`, key: 'statements.tabs.logs' },
  ];
  return (
    <nav className="statement-tabs" aria-label={t('statements.tabs.label')}>
      {tabs.map((tab) => (
        <Link
          key={tab.tab}
          to={tab.to}
          className="statement-tab"
          aria-current={tab.tab === current ? 'page' : undefined}
        >
          {t(tab.key)}
        </Link>
      ))}
    </nav>
  );
}
