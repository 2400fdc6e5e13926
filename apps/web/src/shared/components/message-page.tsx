import { Link } from 'react-router';
import { PageHeading } from './page-heading';

/** A page that only says something and offers one way on: a heading, an optional paragraph, a link. */
export function MessagePage({
  title,
  body,
  link,
}: {
  title: string;
  body?: string;
  link: { to: string; text: string };
}) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {body ? <p className="govgr-body">{body}</p> : null}
      <p className="govgr-body">
        <Link className="govgr-link" to={link.to}>
          {link.text}
        </Link>
      </p>
    </>
  );
}
