import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronsLeft, ChevronsRight, Disc3, X } from 'lucide-react';
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
import { ICON_SIZE, NavIcon } from '../widgets/icons';

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
        <NavIcon name={entry.icon} />
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

/**
 * SPEC section 2's side navigation: filtered entries, a Settings sub-menu, collapse remembered.
 * On a narrow screen it is hidden behind the top bar's menu button and opens over the page
 * (`mobileOpen`); Escape or the close button shuts it.
 */
export function SideNav({
  session,
  balance,
  navigable,
  id,
  mobileOpen = false,
  onMobileClose,
}: {
  session: Session;
  balance: Money | null;
  /** Routes with somewhere to go; the shell knows which pages are built. */
  navigable?: (route: AppRoute) => boolean;
  id?: string;
  mobileOpen?: boolean;
  onMobileClose?: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const subMenuId = useId();
  const [storedCollapsed, setCollapsed] = useState(readCollapsed);
  // Opened from the menu button, the navigation always shows its labels.
  const collapsed = storedCollapsed && !mobileOpen;
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!mobileOpen) return;
    navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onMobileClose?.();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [mobileOpen, onMobileClose]);
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
    <aside
      id={id}
      className={`side-nav${collapsed ? ' collapsed' : ''}${mobileOpen ? ' mobile-open' : ''}`}
      data-testid="side-nav"
    >
      {session.environment && session.environment !== 'production' && (
        <p className="environment-flag" title={t('frame.environment.label')}>
          {session.environment}
        </p>
      )}
      <div className="side-nav-head">
        <span className="side-nav-brand">
          {collapsed ? (
            <Disc3 size={ICON_SIZE + 4} role="img" aria-label={t('app.brand.name')} />
          ) : (
            t('app.brand.name')
          )}
        </span>
        <button
          type="button"
          className="icon-button side-nav-collapse"
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('nav.toggle.expand') : t('nav.toggle.collapse')}
          title={collapsed ? t('nav.toggle.expand') : t('nav.toggle.collapse')}
          onClick={() => changeCollapsed(!collapsed)}
        >
          {collapsed ? (
            <ChevronsRight size={ICON_SIZE} aria-hidden="true" />
          ) : (
            <ChevronsLeft size={ICON_SIZE} aria-hidden="true" />
          )}
        </button>
        <button
          type="button"
          className="icon-button side-nav-close"
          aria-label={t('look.menu.close')}
          title={t('look.menu.close')}
          onClick={onMobileClose}
        >
          <X size={ICON_SIZE} aria-hidden="true" />
        </button>
      </div>
      <nav aria-label={t('nav.main.label')} ref={navRef}>
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
