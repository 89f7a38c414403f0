import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { LabelDashboardView } from '../dashboard/LabelDashboardView';
import { PersonalDashboardView } from '../dashboard/PersonalDashboardView';
import { readDashboard } from '../dashboard/dashboardApi';
import { GlobalFilterBar } from '../filters/GlobalFilterBar';
import { useGlobalFilters } from '../filters/useGlobalFilters';
import { useLiveReload } from '../live/useLiveReload';
import type { PageProps } from '../routes/types';
import '../dashboard/dashboard.css';

const DASHBOARD_STREAMS = ['statement', 'payment', 'recoupment'] as const;

/**
 * The home dashboard: a label's revenue, payouts and what waits on it, or a payee's own earnings,
 * balance and shares. While emulating, the server answers as the emulated person, so this is
 * their dashboard; staff may pick a payee with the User filter.
 */
export function DashboardPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [filters] = useGlobalFilters();
  const filterKey = JSON.stringify(filters);
  const payee = filters.payee;
  // The client appends the other filters: a change of any of them reads again.
  const board = useLoad((signal) => readDashboard(api, payee, signal), [api, payee], {
    reloadOn: [filterKey],
  });
  // Statements, payments and recoupments moving change the figures: read them again.
  useLiveReload(
    (event) => DASHBOARD_STREAMS.some((kind) => event.streamId.startsWith(`${kind}-`)),
    board.reload,
    [],
  );
  const data = board.data;
  return (
    <section className="page dashboard-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <GlobalFilterBar filters={route.filters ?? []} />
      {data && (
        <p className="page-note" data-testid="dashboard-person">
          {t('dashboard.page.whose', { name: data.person.fullname, account: data.person.account })}
        </p>
      )}
      {board.status === 'loading' && <p className="page-note">{t('dashboard.page.loading')}</p>}
      {data?.label && <LabelDashboardView board={data.label} />}
      {data?.personal && <PersonalDashboardView board={data.personal} />}
    </section>
  );
}
