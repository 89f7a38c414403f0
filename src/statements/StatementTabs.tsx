import { useTranslation } from 'react-i18next';
import { TabLinks } from '../widgets/Tabs';

export type StatementTab = 'records' | 'adjustments' | 'logs';

/** Records, adjustments and logs; logs is the child route /statements/{id}/logs. */
export function StatementTabs({ id, current }: { id: string; current: StatementTab }) {
  const { t } = useTranslation();
  const base = `/statements/${encodeURIComponent(id)}`;
  return (
    <TabLinks
      label={t('statements.tabs.label')}
      current={current}
      items={[
        { key: 'records', to: base, label: t('statements.tabs.records') },
        {
          key: 'adjustments',
          to: `${base}?tab=adjustments`,
          label: t('statements.tabs.adjustments'),
        },
        { key: 'logs', to: `${base}/logs`, label: t('statements.tabs.logs') },
      ]}
    />
  );
}
