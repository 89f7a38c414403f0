import { useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { filterSearch } from '../filters/globalFilters';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../api/session';
import type { Money } from '../../api/wallet';
import { externalUrlOf, opensNewTab, visibleNavigation } from '../routes/access';
import { NAVIGATION, routeById } from '../routes/table';
import type { AppRoute, NavEntry } from '../routes/types';
import { canSeeBalance, WalletBalance } from './WalletBalance';
import { DebugToggle } from './DebugToggle';

export const NAV_COLLAPSED_KEY = 'portal:nav-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(NAV_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function NavItemLabel({ entry, collapsed }: { entry: NavEntry; collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="nav-icon" aria-hidden="true">
        {entry.icon}
      </span>
      <span className="nav-label">{t(entry.labelKey)}</span>
      {collapsed && (
        <span className="nav-tooltip" role="tooltip">
          {t(entry.labelKey)}
        </span>
      )}
    </>
  );
}

function NavItemLink({
  entry,
  collapsed,
  session,
}: {
  entry: NavEntry;
  collapsed: boolean;
  session: Session;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const route = routeById(entry.routeId);
  const label = collapsed ? t(entry.labelKey) : undefined;
  const content: ReactNode = <NavItemLabel entry={entry} collapsed={collapsed} />;
  const externalUrl = externalUrlOf(route, session);
  if (externalUrl) {
    const newTab = opensNewTab(externalUrl);
    return (
      <a
        className="nav-link"
        href={externalUrl}
        aria-label={label}
        {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {content}
      </a>
    );
  }
  return (
    <NavLink
      className="nav-link"
      // The global filters go along to the pages that have them (SPEC section 2).
      to={{
        pathname: route.path,
        search: route.filters ? filterSearch(new URLSearchParams(search)) : '',
      }}
      aria-label={label}
      end={entry.routeId === 'settings'}
    >
      {content}
    </NavLink>
  );
}

/** SPEC section 2's side navigation: filtered entries, a Settings sub-menu, collapse remembered. */
export function SideNav({
  session,
  balance,
  navigable,
}: {
  session: Session;
  balance: Money | null;
  /** Routes with somewhere to go; the shell knows which pages are built. */
  navigable?: (route: AppRoute) => boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const subMenuId = useId();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const entries = visibleNavigation(session, NAVIGATION, navigable);
  const [openGroup, setOpenGroup] = useState<string | null>(() => {
    const active = entries.find((entry) =>
      entry.children?.some((child) => location.pathname.startsWith(routeById(child.routeId).path)),
    );
    return active?.routeId ?? null;
  });

  const changeCollapsed = (next: boolean) => {
    setCollapsed(next);
    try {
      localStorage.setItem(NAV_COLLAPSED_KEY, String(next));
    } catch {
      // Private browsing may refuse storage: the choice then lasts for this page only.
    }
  };

  return (
    <aside className={collapsed ? 'side-nav collapsed' : 'side-nav'} data-testid="side-nav">
      {session.environment && session.environment !== 'production' && (
        <p className="environment-flag" title={t('frame.environment.label')}>
          {session.environment}
        </p>
      )}
      <div className="side-nav-head">
        <span className="side-nav-brand">{collapsed ? '℗' : t('app.brand.name')}</span>
        <button
          type="button"
          className="icon-button"
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('nav.toggle.expand') : t('nav.toggle.collapse')}
          title={collapsed ? t('nav.toggle.expand') : t('nav.toggle.collapse')}
          onClick={() => changeCollapsed(!collapsed)}
        >
          {collapsed ? '»' : '«'}
        </button>
      </div>
      <nav aria-label={t('nav.main.label')}>
        <ul className="nav-list">
          {entries.map((entry) =>
            entry.children ? (
              <li key={`group-${entry.routeId}`} className="nav-group">
                <button
                  type="button"
                  className="nav-link"
                  aria-expanded={openGroup === entry.routeId}
                  aria-controls={subMenuId}
                  aria-label={collapsed ? t(entry.labelKey) : undefined}
                  onClick={() => {
                    changeCollapsed(false);
                    setOpenGroup(openGroup === entry.routeId ? null : entry.routeId);
                  }}
                >
                  <NavItemLabel entry={entry} collapsed={collapsed} />
                </button>
                {openGroup === entry.routeId && !collapsed && (
                  <ul className="nav-sub-list" id={subMenuId}>
                    {entry.children.map((child) => (
                      <li key={child.labelKey}>
                        <NavItemLink entry={child} collapsed={false} session={session} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ) : (
              <li key={entry.routeId}>
                <NavItemLink entry={entry} collapsed={collapsed} session={session} />
              </li>
            ),
          )}
        </ul>
      </nav>
      <footer className="side-nav-footer">
        <DebugToggle session={session} collapsed={collapsed} />
        {canSeeBalance(session) && <WalletBalance balance={balance} collapsed={collapsed} />}
      </footer>
    </aside>
  );
}
