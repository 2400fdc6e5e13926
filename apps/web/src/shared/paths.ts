import { PRESENTATION_SENT_PATH, WALLET_AUTHORIZE_PATH, type RouteBase } from '@tickets/domain';

/** Every route of docs/product-spec.md §2, in one table. */
export const paths = {
  root: '/',
  tickets: {
    base: '/tickets',
    loginApp: '/tickets/login-app',
    error: '/tickets/error',
    confirmation: '/tickets/confirmation',
    chooseAction: '/tickets/choose-action',
    chooseMinor: '/tickets/choose-minor',
    cancelEvents: '/tickets/cancel-events',
    selectedMinor: '/tickets/selected-minor',
    successCompanion: '/tickets/success-companion',
    successCancel: '/tickets/success-cancel',
    /** Issue #53 item 3: where an EU wallet sends the fan once the gate has its answer (no login). */
    presented: PRESENTATION_SENT_PATH,
    /** Issue #53 item 4: where an EU wallet asks for a ticket (the authorization code flow). */
    walletAuthorize: WALLET_AUTHORIZE_PATH,
  },
  ticketOffice: {
    base: '/ticket-office',
    loginApp: '/ticket-office/login-app',
    confirmation: '/ticket-office/confirmation',
    chooseUser: '/ticket-office/choose-user',
    ticketInfo: '/ticket-office/ticket-info',
    success: '/ticket-office/success',
    failed: '/ticket-office/failed',
    printTicket: '/ticket-office/print-ticket',
    statsTicket: '/ticket-office/stats/ticket',
    transferEvents: '/ticket-office/transfer-events',
    suspendedUsers: '/ticket-office/suspended-users',
    gateDevices: '/ticket-office/gate-devices',
    /** The club's match-day view (issue #42 item 3): a screen of its own, its chart library loaded only here. */
    matchDay: '/ticket-office/match-day',
  },
  /** The steward's screen: its own family, paired with a device token instead of a login. */
  gate: '/gate',
  /** Development only (issue #14 item 6): the Gov.gr Wallet's part, played in the browser. */
  walletStandIn: '/wallet-standin',
  /** Development only (issue #30 item 4): the mail the platform sent the demo people. */
  mailboxStandIn: '/mailbox-standin',
} as const;

/** The route family a path belongs to (unknown paths belong to /tickets). */
export const routeBaseOf = (pathname: string): RouteBase =>
  pathname === paths.ticketOffice.base || pathname.startsWith(`${paths.ticketOffice.base}/`)
    ? paths.ticketOffice.base
    : paths.tickets.base;
