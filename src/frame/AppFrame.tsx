import { useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Menu } from 'lucide-react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../routes/useCurrentRoute';
import { useSession } from '../session/useSession';
import { useServices } from '../app/ServicesContext';
import { AvatarMenu } from './AvatarMenu';
import { LiveIndicator } from './LiveIndicator';
import { Breadcrumbs } from './Breadcrumbs';
import { SideNav } from './SideNav';
import { useWalletBalance } from './WalletBalance';
import { ICON_SIZE } from '../widgets/icons';
import type { Session } from '../../api/session';
import type { AppRoute } from '../routes/types';

/** Top-bar controls of a feature (the emulation button); the shell gives them, so the frame needs no feature. */
export type TopBarControls = ComponentType<{ session: Session }>;

/** Whether a route has somewhere to go (a built page, a redirect); the shell knows. */
export type Navigable = (route: AppRoute) => boolean;

function SignedInFrame({
  session,
  Controls,
  navigable,
}: {
  session: Session;
  Controls?: TopBarControls | undefined;
  navigable?: Navigable | undefined;
}) {
  const { t } = useTranslation();
  const { live } = useServices();
  const { route, params } = useCurrentRoute();
  const { balance, refresh: refreshBalance } = useWalletBalance(session);
  // One live stream per tab while someone is signed in.
  useEffect(() => {
    live.connect();
    return () => live.disconnect();
  }, [live]);
  const showNav = route?.nav ?? true;
  // On a narrow screen the navigation opens from the menu button; going to a page closes it.
  const { pathname } = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const navId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => {
    setMenuOpenAt(null);
    menuButton.current?.focus();
  }, []);
  return (
    <div className={showNav ? 'app-frame with-nav' : 'app-frame'}>
      {showNav && (
        <SideNav
          session={session}
          balance={balance}
          navigable={navigable}
          id={navId}
          mobileOpen={menuOpen}
          onMobileClose={closeMenu}
        />
      )}
      {showNav && menuOpen && (
        <div className="side-nav-backdrop" aria-hidden="true" onClick={closeMenu} />
      )}
      <div className="app-main">
        <header className="top-bar">
          <div className="top-bar-start">
            {showNav && (
              <button
                ref={menuButton}
                type="button"
                className="icon-button menu-button"
                aria-expanded={menuOpen}
                aria-controls={navId}
                aria-label={menuOpen ? t('look.menu.close') : t('look.menu.open')}
                onClick={() => (menuOpen ? closeMenu() : setMenuOpenAt(pathname))}
              >
                <Menu size={ICON_SIZE + 2} aria-hidden="true" />
              </button>
            )}
            {route && <Breadcrumbs route={route} params={params} />}
          </div>
          <div className="top-bar-end">
            <LiveIndicator />
            {session.emulation && (
              <span className="emulation-flag" data-testid="emulation-flag">
                {t('frame.emulation.emulating', { name: session.emulation.fullname })}
              </span>
            )}
            {Controls && <Controls session={session} />}
            <span className="top-bar-account" title={t('frame.avatar.account-id')}>
              {session.emulation?.account.name ?? session.account.name}
            </span>
            <AvatarMenu session={session} balance={balance} onOpen={refreshBalance} />
          </div>
        </header>
        <main className="page-area" key={route?.id}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** The signed-in frame: side navigation (on routes flagged with it), top bar and the page area. */
export function AppFrame({
  controls,
  navigable,
}: {
  controls?: TopBarControls;
  navigable?: Navigable;
}) {
  const { session } = useSession();
  if (!session) return null;
  return <SignedInFrame session={session} Controls={controls} navigable={navigable} />;
}
