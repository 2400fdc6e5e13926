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
