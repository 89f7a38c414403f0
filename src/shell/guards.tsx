import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useServices } from '../app/ServicesContext';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { Preloader } from '../frame/Preloader';
import { canOpen, noAccessPath, safeRedirect } from '../routes/access';
import type { AppRoute } from '../routes/types';

/** Logged-out pages: a signed-in user goes to the redirect query, else to /. */
export function PublicOnly() {
  const { session, checking } = useSession();
  const location = useLocation();
  if (checking) return <Preloader />;
  if (session) {
    const redirect = safeRedirect(new URLSearchParams(location.search).get('redirect'));
    return <Navigate to={redirect ?? '/'} replace />;
  }
  return <Outlet />;
}

/** Application pages: without a session, go to /login with the way back in `redirect`. */
export function RequireSession() {
  const { session, checking, endedBy } = useSession();
  const location = useLocation();
  if (checking) return <Preloader />;
  if (!session) {
    if (endedBy === 'logout') return <Navigate to="/login" replace />;
    const back = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <Outlet />;
}

function ExternalRedirect({ url }: { url: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return <p className="page-note">{t('frame.redirect.leaving')}</p>;
}

/**
 * SPEC section 4's redirect of a user without access, saying why in a toast: a page that sends
 * someone elsewhere without a word looks like a broken link.
 */
function NoAccessRedirect({ to, page }: { to: string; page: string }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const navigate = useNavigate();
  // Strict mode runs the effect twice: the toast is sent once.
  const told = useRef(false);
  useEffect(() => {
    if (!told.current) {
      told.current = true;
      toasts.send({
        type: 'toast.add',
        toast: { type: 'warning', content: t('frame.access.redirected', { page }) },
      });
    }
    void navigate(to, { replace: true });
  }, [navigate, page, t, to, toasts]);
  return null;
}

/** One application route: checks access, follows redirects, then shows its page. */
export function RouteGate({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (!session) return null;
  if (!canOpen(route, session)) {
    const target = noAccessPath(session);
    if (target !== location.pathname) {
      return <NoAccessRedirect to={target} page={t(route.titleKey)} />;
    }
    return (
      <section className="page">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <p className="page-note">{t('frame.access.denied')}</p>
      </section>
    );
  }
  if (route.redirectTo) return <Navigate to={route.redirectTo} replace />;
  if (route.externalUrl) return <ExternalRedirect url={route.externalUrl} />;
  return children;
}
