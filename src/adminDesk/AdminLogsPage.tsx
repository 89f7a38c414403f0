import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes/types';
import { Tabs } from '../widgets/Tabs';
import { JobsTab } from './JobsTab';
import { OutboxTab } from './OutboxTab';
import { StatementStepsTab } from './StatementStepsTab';
import { useSearchState } from './useSearchState';
import './adminDesk.css';

const TABS = ['steps', 'jobs', 'outbox'] as const;
type Tab = (typeof TABS)[number];

const TAB_KEYS: Record<Tab, string> = {
  steps: 'admin-desk.logs.tab-steps',
  jobs: 'admin-desk.logs.tab-jobs',
  outbox: 'admin-desk.logs.tab-outbox',
};

/** /admin/logs: the statement log, the job log and the outbox, one tab each. */
export function AdminLogsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { values, offset, set, setMany } = useSearchState([
    'tab',
    'account',
    'statement',
    'status',
    'q',
  ] as const);
  const tab: Tab = (TABS as readonly string[]).includes(values.tab) ? (values.tab as Tab) : 'steps';
  const choose = (next: Tab) => setMany({ tab: next === 'steps' ? '' : next, status: '' });
  return (
    <section className="page desk-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <Tabs
        label={t('admin-desk.logs.tabs')}
        items={TABS.map((item) => ({ key: item, label: t(TAB_KEYS[item]) }))}
        selected={tab}
        onSelect={choose}
      />
      <div role="tabpanel">
        {tab === 'steps' && <StatementStepsTab values={values} offset={offset} set={set} />}
        {tab === 'jobs' && <JobsTab values={values} offset={offset} set={set} />}
        {tab === 'outbox' && <OutboxTab q={values.q} offset={offset} set={set} />}
      </div>
    </section>
  );
}
