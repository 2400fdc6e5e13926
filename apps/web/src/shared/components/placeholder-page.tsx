import { messages } from '@tickets/domain';
import { PageHeading } from './page-heading';

/** A screen of spec §2 that is registered and guarded, but not built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <p className="govgr-body">{messages.placeholder.comingSoon}</p>
    </>
  );
}
