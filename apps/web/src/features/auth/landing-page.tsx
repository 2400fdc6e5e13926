import { messages } from '@tickets/domain';
import { useAuth } from '../../shared/auth/use-auth';
import { ButtonLink } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import type { RouteBase } from '@tickets/domain';

/** docs/product-spec.md §2 "Landing": what the service is, and the way in. */
export default function LandingPage({ base }: { base: RouteBase }) {
  const { isAuth } = useAuth();
  const text = messages.landing;
  return (
    <>
      <PageHeading>{text.title}</PageHeading>
      <p className="govgr-body-l">{text.intro}</p>
      <p className="govgr-body">{text.minors}</p>
      <p className="govgr-body">{text.credentials}</p>
      <div className="govgr-border-message">
        <p className="govgr-body">{text.organisers}</p>
      </div>
      <ButtonLink to={isAuth ? `${base}/confirmation` : `${base}/login-app`} variant="primary">
        {text.enter}
      </ButtonLink>
    </>
  );
}
