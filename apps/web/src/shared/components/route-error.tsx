import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { messages } from '@tickets/domain';

/** Shown when a page cannot load (a lost connection while fetching its code, or a fault). */
export function RouteError() {
  return (
    <main className="govgr-width-container govgr-main-wrapper" id="main">
      <h1 className="govgr-heading-xl">{messages.routeError.title}</h1>
      <p className="govgr-body">{messages.errors.system}</p>
      <p className="govgr-body">
        <a className="govgr-link" href={window.location.href}>
          {messages.routeError.reload}
        </a>
      </p>
    </main>
  );
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  location: Location;
}

/** React catches a render's error only in a class component. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  // Another address is another try: back, or a link, leaves the error page, as a router's would.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * `RouteError` in place of what it wraps when that throws while rendering: a lazy page whose code did
 * not arrive in time (`lazy-page.tsx`), or a fault. The route table's own boundary, since the
 * declarative router has none (a data router's `errorElement` would bring its loaders along).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary location={useLocation()}>{children}</ErrorBoundary>;
}
