import { Navigate, useSearchParams } from 'react-router';
import { LOGIN_PATH, messages, type RouteBase } from '@tickets/domain';
import { useAuth } from '../../shared/auth/use-auth';
import { BackLink } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';

/** docs/product-spec.md §2 "Login page": identification is required; TaxisNet is a full-page navigation. */
export default function LoginPage({ base }: { base: RouteBase }) {
  const { isAuth } = useAuth();
  const [search] = useSearchParams();
  if (isAuth) return <Navigate to={`${base}/confirmation`} replace />;
  return (
    <>
      <BackLink to={base} />
      <PageHeading>{messages.login.title}</PageHeading>
      {search.get('error') === 'login_failed' ? (
        <div className="govgr-error-summary" role="alert">
          <p className="govgr-body">{messages.login.failed}</p>
        </div>
      ) : null}
      <p className="govgr-body">{messages.login.body}</p>
      <a className="govgr-btn govgr-btn-primary" href={LOGIN_PATH}>
        {messages.login.link}
      </a>
    </>
  );
}
