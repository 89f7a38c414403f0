import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { GlobalFilterBar } from '../filters/GlobalFilterBar';
import { actingAs } from '../routes/access';
import type { PageProps } from '../routes/types';
import { useSession } from '../session/useSession';
import { Tabs } from '../widgets/Tabs';
import type { AnalyticsView } from '../../api/analytics';
import { readAnalyticsArtist, readAnalyticsProduct } from './analyticsApi';
import { AnalyticsPanel } from './AnalyticsPanel';
import { SubjectAnalytics } from './SubjectAnalytics';
import './analytics.css';

const TABS: { view: AnalyticsView; titleKey: string }[] = [
  { view: 'overview', titleKey: 'analytics.tabs.overview' },
  { view: 'services', titleKey: 'analytics.tabs.services' },
  { view: 'formats', titleKey: 'analytics.tabs.formats' },
  { view: 'territories', titleKey: 'analytics.tabs.territories' },
  { view: 'distributors', titleKey: 'analytics.tabs.distributors' },
  { view: 'products', titleKey: 'analytics.tabs.products' },
  { view: 'artists', titleKey: 'analytics.tabs.artists' },
];

/** ?tab=artist&id= or ?tab=product&id=: one artist's or product's view. */
function SubjectView({
  tab,
  id,
  pending,
}: {
  tab: 'artist' | 'product';
  id: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const subject = useLoad(
    () => (tab === 'artist' ? readAnalyticsArtist(api, id) : readAnalyticsProduct(api, id)),
    [api, tab, id],
  );
  if (subject.status === 'loading')
    return <p className="page-note">{t('analytics.page.loading')}</p>;
  if (!subject.data) return <p className="page-note">{t('analytics.subject.missing')}</p>;
  return (
    <>
      <h2 className="analytics-subject-title">
        {tab === 'artist'
          ? t('analytics.subject.artist', { name: subject.data.name })
          : t('analytics.subject.product', { name: subject.data.name })}
        {subject.data.artist && <span className="page-note"> · {subject.data.artist.name}</span>}
      </h2>
      <SubjectAnalytics
        subject={tab === 'artist' ? { artist: id, pending } : { product: id, pending }}
        withProducts={tab === 'artist'}
      />
    </>
  );
}

/** /analytics: approved figures by month, service, format, territory, distributor, product, artist. */
export function AnalyticsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const permissions = session ? actingAs(session).permissions : [];
  const staff = permissions.includes('analytics:rw');
  // The artist choice lists the artists one may read: without that, the bar leaves it out.
  const readsArtists = permissions.some((held) => held.startsWith('artist:'));
  const filters = (route.filters ?? []).filter((filter) => filter !== 'artist' || readsArtists);
  const pending = staff && params.get('pending') === '1';
  const wanted = params.get('tab');
  const id = params.get('id');
  const subjectTab = (wanted === 'artist' || wanted === 'product') && id ? wanted : null;
  const view = TABS.find((tab) => tab.view === wanted)?.view ?? 'overview';
  const change = (next: Record<string, string | null>) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === null) updated.delete(key);
          else updated.set(key, value);
        }
        return updated;
      },
      { replace: true },
    );

  return (
    <section className="page analytics-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <div className="analytics-controls">
        <GlobalFilterBar filters={filters} />
        {staff && (
          <label className="analytics-pending">
            <input
              type="checkbox"
              checked={pending}
              onChange={(event) => change({ pending: event.target.checked ? '1' : null })}
            />
            {t('analytics.page.pending')}
          </label>
        )}
      </div>
      <Tabs
        label={t('analytics.tabs.label')}
        items={TABS.map((tab) => ({ key: tab.view, label: t(tab.titleKey) }))}
        selected={subjectTab === null ? view : null}
        onSelect={(next) => change({ tab: next === 'overview' ? null : next, id: null })}
      />
      <div role="tabpanel" className="tab-panel">
        {subjectTab && id ? (
          <SubjectView tab={subjectTab} id={id} pending={pending} />
        ) : (
          <AnalyticsPanel view={view} subject={{ pending }} />
        )}
      </div>
    </section>
  );
}
