import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { messages } from '@tickets/domain';
import { toastHost } from '../shared/api/toast-failure';
import { useAuth } from '../shared/auth/use-auth';
import { AppFooter } from '../shared/components/app-footer';
import { AppHeader } from '../shared/components/app-header';
import { Spinner } from '../shared/components/spinner';

// Toasts follow actions: their host and library load with the first one (shared/api/toast-failure.ts).
const ToastHost = lazy(() => import('../shared/components/toast-host'));

/** The shared chrome around every page; no page content until the session check has answered. */
export function AppLayout() {
  const { initialized } = useAuth();
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  const toastsWanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted);

  // After a navigation, move focus to the new page's heading (WCAG 2.4.3), not on first load.
  useEffect(() => {
    if (!initialized) return;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      // Someone already at work on the new page (a field focused, keys typed) keeps their place.
      const main = document.getElementById('main');
      if (main?.contains(document.activeElement) && document.activeElement !== main) return;
      const target =
        document.querySelector<HTMLElement>('[data-page-heading]') ?? document.getElementById('main');
      target?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, initialized]);

  return (
    <div className="govgr-layout-wrapper">
      <a className="govgr--skip-link" href="#main">
        {messages.app.skipToContent}
      </a>
      <AppHeader />
      <div className="govgr-width-container app-page">
        <div className="govgr-main-wrapper">
          <main className="govgr-grid-column-two-thirds" id="main" tabIndex={-1}>
            {initialized ? <Outlet /> : <Spinner />}
          </main>
        </div>
      </div>
      <AppFooter />
      {toastsWanted ? (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      ) : null}
    </div>
  );
}
