import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { apiContractRoutes } from '../features/api-contract/routes';
import { authRoutes } from '../features/auth/routes';
import { companionRoutes } from '../features/companions/routes';
import { gateDeviceRoutes } from '../features/gate/device.routes';
import { gateOfficeRoutes } from '../features/gate/office.routes';
import { healthRoutes } from '../features/health/routes';
import { providerRoutes } from '../features/providers/routes';
import { statsRoutes } from '../features/stats/routes';
import { suspensionRoutes } from '../features/suspensions/routes';
import { taxisStandInRoutes } from '../features/taxis-standin/routes';
import { ticketOfficeRoutes } from '../features/ticket-office/routes';
import { transferEventRoutes } from '../features/transfer-events/routes';
import { eventCancellationRoutes } from '../features/event-cancellation/routes';
import { mailboxStandInRoutes } from '../features/mailbox-standin/routes';
import { walletNotificationRoutes } from '../features/wallet/notifications.routes';
import { walletStandInRoutes } from '../features/wallet/stand-in.routes';
import { walletRoutes } from '../features/wallet/routes';
import { listWalletTickets } from '../features/wallet/tickets.service';
import { decidePresentedAdmission } from '../features/gate/admission/admissions.service';
import {
  gatePresentationRoutes,
  issuanceRoutes,
  walletAuthorizationRoutes,
  walletPresentationRoutes,
} from '../eu-wallet';
import type { EuWalletPorts } from '../eu-wallet/ports';
import type { Access } from '../shared/guards';
import { registerWebApp } from '../shared/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with who may call it and its file (the authorization matrix test walks it). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** The file that declares the route, from `src/` (docs/routes.md lists them: `npm run routes`). */
  file: string;
}

/** What the EU wallet module is given of the features (eu-wallet/ports.ts). */
const euWalletPorts: EuWalletPorts = {
  walletTickets: listWalletTickets,
  decidePresentation: decidePresentedAdmission,
};

/** The EU wallet module's routes of `file` (under eu-wallet/), given the ports they need. */
const euWallet = (file: string, routes: (app: FastifyInstance, ports: EuWalletPorts) => Promise<void>) => ({
  file: `eu-wallet/${file}`,
  routes: (app: FastifyInstance) => routes(app, euWalletPorts),
});

/** Each feature's routes, with the file that declares them. */
const featureRoutes: { file: string; routes: (app: FastifyInstance) => Promise<void> }[] = [
  { file: 'features/health/routes.ts', routes: healthRoutes },
  { file: 'features/api-contract/routes.ts', routes: apiContractRoutes },
  { file: 'features/auth/routes.ts', routes: authRoutes },
  { file: 'features/companions/routes.ts', routes: companionRoutes },
  { file: 'features/wallet/routes.ts', routes: walletRoutes },
  { file: 'features/wallet/stand-in.routes.ts', routes: walletStandInRoutes },
  { file: 'features/wallet/notifications.routes.ts', routes: walletNotificationRoutes },
  euWallet('issuer/issuance.routes.ts', issuanceRoutes),
  euWallet('issuer/authorization.routes.ts', walletAuthorizationRoutes),
  { file: 'features/mailbox-standin/routes.ts', routes: mailboxStandInRoutes },
  { file: 'features/ticket-office/routes.ts', routes: ticketOfficeRoutes },
  { file: 'features/stats/routes.ts', routes: statsRoutes },
  { file: 'features/providers/routes.ts', routes: providerRoutes },
  { file: 'features/gate/office.routes.ts', routes: gateOfficeRoutes },
  { file: 'features/gate/device.routes.ts', routes: gateDeviceRoutes },
  euWallet('verifier/presentation.routes.ts', gatePresentationRoutes),
  euWallet('verifier/presentation-wallet.routes.ts', walletPresentationRoutes),
  { file: 'features/transfer-events/routes.ts', routes: transferEventRoutes },
  { file: 'features/event-cancellation/routes.ts', routes: eventCancellationRoutes },
  { file: 'features/suspensions/routes.ts', routes: suspensionRoutes },
];

/** The features' routes (recorded in `app.routeTable`), the development stand-ins, the built web app. */
export async function setUpRoutes(app: FastifyInstance, config: Config): Promise<void> {
  app.decorate('routeTable', [] as RouteEntry[]);
  // A feature's routes are added while its plugin runs: the file registering is theirs.
  let registering = 'app.ts';
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!route.url.startsWith('/api/') || !access) return;
    for (const method of [route.method].flat()) {
      app.routeTable.push({ method, url: route.url, access, file: registering });
    }
  });
  for (const { file, routes } of featureRoutes) {
    registering = file;
    await app.register(routes);
  }
  if (config.taxis.standIn) await app.register(taxisStandInRoutes, { prefix: '/oauth2server' });
  await registerWebApp(app, config.webDistDir);
}
