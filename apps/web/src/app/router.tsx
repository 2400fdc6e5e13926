import { Suspense, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { messages } from '@tickets/domain';
import { CITIZEN_ROLES, OFFICER_ROLES, RequireRole } from '../shared/auth/guards';
import { RouteErrorBoundary } from '../shared/components/route-error';
import { Spinner } from '../shared/components/spinner';
import { lazyPage } from '../shared/lazy-page';
import { paths } from '../shared/paths';
import LandingPage from '../features/auth/landing-page';
import LoginPage from '../features/auth/login-page';
import { MessagePage } from '../shared/components/message-page';
import NotFoundPage from '../shared/components/not-found-page';
import { AppLayout } from './app-layout';

// The landing and login pages ship with the first load; everything behind login loads on demand.
const ConfirmationPage = lazyPage(() => import('../features/auth/confirmation-page'));
const AccessDeniedPage = lazyPage(() => import('../features/errors/access-denied-page'));
const ChooseActionPage = lazyPage(() => import('../features/companions/choose-action-page'));
const ChooseMinorPage = lazyPage(() => import('../features/companions/choose-minor-page'));
const SelectedMinorPage = lazyPage(() => import('../features/companions/selected-minor-page'));
const CancelEventsPage = lazyPage(() => import('../features/companions/cancel-events-page'));
const CompanionSuccessPage = lazyPage(() => import('../features/companions/success-page'));
const ChooseUserPage = lazyPage(() => import('../features/ticket-office/choose-user-page'));
const TicketInfoPage = lazyPage(() => import('../features/ticket-office/ticket-info-page'));
const TicketOfficeSuccessPage = lazyPage(() => import('../features/ticket-office/success-page'));
const FailedPage = lazyPage(() => import('../features/ticket-office/failed-page'));
const PrintTicketPage = lazyPage(() => import('../features/ticket-office/print-ticket-page'));
const StatsTicketPage = lazyPage(() => import('../features/ticket-office/stats-ticket-page'));
const TransferEventsPage = lazyPage(() => import('../features/transfer-events/transfer-events-page'));
const SuspendedUsersPage = lazyPage(() => import('../features/suspensions/suspended-users-page'));
const GateDevicesPage = lazyPage(() => import('../features/gate-devices/gate-devices-page'));
const MatchDayPage = lazyPage(() => import('../features/match-day/match-day-page'));
const GatePage = lazyPage(() => import('../features/gate/gate-page'));
const MailboxStandInPage = lazyPage(() => import('../features/mailbox-standin/mailbox-standin-page'));
const WalletStandInPage = lazyPage(() => import('../features/wallet-standin/wallet-standin-page'));
const WalletAuthorizePage = lazyPage(() => import('../features/wallet-authorize/wallet-authorize-page'));

/**
 * The page code each path loads. A page opened directly (a bookmark, a reload) starts its download at
 * once, beside the session check, rather than after it: bench/README.md "Lighthouse, mobile".
 */
const pageAt: Record<string, { preload(): void }> = {
  [paths.tickets.error]: AccessDeniedPage,
  [paths.tickets.confirmation]: ConfirmationPage,
  [paths.tickets.chooseAction]: ChooseActionPage,
  [paths.tickets.chooseMinor]: ChooseMinorPage,
  [paths.tickets.selectedMinor]: SelectedMinorPage,
  [paths.tickets.cancelEvents]: CancelEventsPage,
  [paths.tickets.successCompanion]: CompanionSuccessPage,
  [paths.tickets.successCancel]: CompanionSuccessPage,
  [paths.ticketOffice.confirmation]: ConfirmationPage,
  [paths.ticketOffice.chooseUser]: ChooseUserPage,
  [paths.ticketOffice.ticketInfo]: TicketInfoPage,
  [paths.ticketOffice.success]: TicketOfficeSuccessPage,
  [paths.ticketOffice.failed]: FailedPage,
  [paths.ticketOffice.printTicket]: PrintTicketPage,
  [paths.ticketOffice.statsTicket]: StatsTicketPage,
  [paths.ticketOffice.transferEvents]: TransferEventsPage,
  [paths.ticketOffice.suspendedUsers]: SuspendedUsersPage,
  [paths.ticketOffice.gateDevices]: GateDevicesPage,
  [paths.ticketOffice.matchDay]: MatchDayPage,
  [paths.gate]: GatePage,
  [paths.walletStandIn]: WalletStandInPage,
  [paths.tickets.walletAuthorize]: WalletAuthorizePage,
  [paths.mailboxStandIn]: MailboxStandInPage,
};

/** Starts loading the code of the page at this path, if it is one loaded on demand. */
export const preloadPageAt = (pathname: string) => pageAt[pathname.replace(/\/+$/, '') || '/']?.preload();

const page = (element: ReactNode) => <Suspense fallback={<Spinner />}>{element}</Suspense>;

const ticketsRoutes: RouteObject = {
  path: paths.tickets.base,
  children: [
    { index: true, element: <LandingPage base={paths.tickets.base} /> },
    { path: 'login-app', element: <LoginPage base={paths.tickets.base} /> },
    { path: 'error', element: page(<AccessDeniedPage />) },
    // Signed out too: the page itself asks the person to sign in, and brings them back.
    { path: 'wallet-authorize', element: page(<WalletAuthorizePage />) },
    {
      path: 'presented',
      element: (
        <MessagePage
          title={messages.presentationSent.title}
          body={messages.presentationSent.body}
          link={{ to: paths.tickets.base, text: messages.presentationSent.home }}
        />
      ),
    },
    {
      element: <RequireRole roles={CITIZEN_ROLES} />,
      children: [
        { path: 'confirmation', element: page(<ConfirmationPage />) },
        { path: 'choose-action', element: page(<ChooseActionPage />) },
        { path: 'choose-minor', element: page(<ChooseMinorPage />) },
        { path: 'cancel-events', element: page(<CancelEventsPage />) },
        { path: 'selected-minor', element: page(<SelectedMinorPage />) },
        { path: 'success-companion', element: page(<CompanionSuccessPage variant="companion" />) },
        { path: 'success-cancel', element: page(<CompanionSuccessPage variant="cancel" />) },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ],
};

const ticketOfficeRoutes: RouteObject = {
  path: paths.ticketOffice.base,
  children: [
    { index: true, element: <LandingPage base={paths.ticketOffice.base} /> },
    { path: 'login-app', element: <LoginPage base={paths.ticketOffice.base} /> },
    {
      element: <RequireRole roles={OFFICER_ROLES} />,
      children: [
        { path: 'confirmation', element: page(<ConfirmationPage />) },
        { path: 'choose-user', element: page(<ChooseUserPage />) },
        { path: 'ticket-info', element: page(<TicketInfoPage />) },
        { path: 'success', element: page(<TicketOfficeSuccessPage />) },
        { path: 'failed', element: page(<FailedPage />) },
        { path: 'print-ticket', element: page(<PrintTicketPage />) },
        { path: 'stats/ticket', element: page(<StatsTicketPage />) },
        { path: 'transfer-events', element: page(<TransferEventsPage />) },
        { path: 'suspended-users', element: page(<SuspendedUsersPage />) },
        { path: 'gate-devices', element: page(<GateDevicesPage />) },
        { path: 'match-day', element: page(<MatchDayPage />) },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ],
};

export const routes: RouteObject[] = [
  // The steward's screen: no TaxisNet login and none of the site's chrome, a device token instead.
  { path: paths.gate, element: <RouteErrorBoundary>{page(<GatePage />)}</RouteErrorBoundary> },
  {
    path: paths.root,
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <Navigate to={paths.tickets.base} replace /> },
      ticketsRoutes,
      ticketOfficeRoutes,
      {
        path: paths.walletStandIn,
        element: <RequireRole roles={CITIZEN_ROLES} />,
        children: [{ index: true, element: page(<WalletStandInPage />) }],
      },
      // No login: the development mailbox shows every demo person's mail (404 from the API in production).
      { path: paths.mailboxStandIn, element: page(<MailboxStandInPage />) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The route table, rendered under the browser's router (`main.tsx`) or a test's memory router. The
 * declarative router: no page loads data through the router, and react-router's data router
 * (`createBrowserRouter`) made its part of the landing page's JavaScript 30.0 KB gzip instead of 13.4
 * (bench/README.md, "the landing route's JavaScript").
 */
export const AppRoutes = () => useRoutes(routes);
