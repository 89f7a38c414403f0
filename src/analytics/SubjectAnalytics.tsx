import { useTranslation } from 'react-i18next';
import type { AnalyticsView } from '../../api/analytics';
import type { AnalyticsSubjectFilter } from './analyticsApi';
import { AnalyticsPanel } from './AnalyticsPanel';
import './analytics.css';

const SUBJECT_VIEWS: { view: AnalyticsView; titleKey: string }[] = [
  { view: 'overview', titleKey: 'analytics.tabs.overview' },
  { view: 'services', titleKey: 'analytics.tabs.services' },
  { view: 'formats', titleKey: 'analytics.tabs.formats' },
  { view: 'territories', titleKey: 'analytics.tabs.territories' },
  { view: 'distributors', titleKey: 'analytics.tabs.distributors' },
];

/**
 * One artist's or one product's analytics: over time, then by service, format, territory and
 * distributor. The analytics page, the artist page and the product page's tab show the same.
 */
export function SubjectAnalytics({
  subject,
  withProducts = false,
}: {
  subject: AnalyticsSubjectFilter;
  /** An artist's view also lists the artist's products. */
  withProducts?: boolean;
}) {
  const { t } = useTranslation();
  const views = withProducts
    ? [...SUBJECT_VIEWS, { view: 'products' as const, titleKey: 'analytics.tabs.products' }]
    : SUBJECT_VIEWS;
  return (
    <div className="analytics-subject">
      {views.map(({ view, titleKey }) => (
        <section key={view} className="card" aria-label={t(titleKey)}>
          <h2 className="section-title">{t(titleKey)}</h2>
          <AnalyticsPanel view={view} subject={subject} links={false} />
        </section>
      ))}
    </div>
  );
}
