import { Link, useLocation } from 'react-router';
import { messages } from '@tickets/domain';
import { useAuth } from '../auth/use-auth';
import { routeBaseOf } from '../paths';
import { UserMenu } from './user-menu';

/** Pages where the user menu is never shown (docs/product-spec.md §2): the landing and login pages. */
const isPublicEntry = (pathname: string) => {
  const base = routeBaseOf(pathname);
  return pathname === base || pathname === `${base}/` || pathname === `${base}/login-app`;
};

export function AppHeader() {
  const { pathname } = useLocation();
  const { isAuth } = useAuth();
  const base = routeBaseOf(pathname);
  return (
    <header className="govgr-header">
      <div className="govgr-header__container">
        <div className="govgr-header__content">
          <Link to={base} className="govgr-header-link app-header-home">
            <span className="app-logo" aria-hidden="true">
              gov.gr
            </span>
            <span className="govgr-header-title">{messages.app.title}</span>
          </Link>
          {isAuth && !isPublicEntry(pathname) ? <UserMenu /> : null}
        </div>
      </div>
    </header>
  );
}
