import type { ReactNode } from 'react';

/**
 * The page's one h1. It takes focus after each navigation (see AppLayout), so screen readers
 * announce the new page and keyboard users start from its top.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="govgr-heading-xl" tabIndex={-1} data-page-heading>
      {children}
    </h1>
  );
}
