import { useEffect } from 'react';
import { messages } from '@tickets/domain';

/** The tab's and the screen reader's name of a screen: its heading, then the platform (WCAG 2.4.2). */
export const documentTitle = (heading: string) =>
  heading === messages.app.title ? heading : `${heading} - ${messages.app.title}`;

/**
 * The page's one h1. It takes focus after each navigation (see AppLayout), so screen readers
 * announce the new page and keyboard users start from its top. It names the document too, so every
 * screen's <title> says which screen it is: the heading is the one place each screen names itself.
 */
export function PageHeading({ children }: { children: string }) {
  useEffect(() => {
    document.title = documentTitle(children);
  }, [children]);
  return (
    <h1 className="govgr-heading-xl" tabIndex={-1} data-page-heading>
      {children}
    </h1>
  );
}
