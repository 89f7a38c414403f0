import { generatePath, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routeById } from '../routes/table';
import type { AppRoute } from '../routes/types';

/** The chain of parents of a detail or edit page, outermost first. */
export function breadcrumbTrail(route: AppRoute): AppRoute[] {
  const trail: AppRoute[] = [];
  let parentId = route.breadcrumbParent;
  while (parentId) {
    const parent = routeById(parentId);
    trail.unshift(parent);
    parentId = parent.breadcrumbParent;
  }
  return trail;
}

export function Breadcrumbs({
  route,
  params,
}: {
  route: AppRoute;
  params: Record<string, string>;
}) {
  const { t } = useTranslation();
  const trail = breadcrumbTrail(route);
  if (trail.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('frame.breadcrumbs.label')}>
      <ol>
        {trail.map((parent) => (
          <li key={parent.id}>
            <Link to={generatePath(parent.path, params)}>{t(parent.titleKey)}</Link>
          </li>
        ))}
        <li aria-current="page">{t(route.titleKey)}</li>
      </ol>
    </nav>
  );
}
