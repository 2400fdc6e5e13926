import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { matchedRoute } from './api-paths';
import type { SessionUser } from './sessions';

/**
 * Who may call a route (docs/design.md §3), declared on every /api route as `config.access` and
 * enforced for all of them by one hook before the body is even read: the server is the
 * enforcement, the client's guards a convenience. `provider` routes check their API key, `device`
 * routes a gate device's token. `eu-wallet` routes are OpenID4VCI's (docs/design.md §12): an EU
 * wallet calls them from its own app, with no session and no Origin, and what authenticates it is the
 * protocol's own (the pre-authorized and transaction codes in the token request, checked by the
 * service; the access token of `issuanceAccessToken` routes, checked here before the body is read).
 */
export const ACCESS_LEVELS = ['public', 'user', 'officer', 'provider', 'device', 'eu-wallet'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/**
 * The levels whose callers are programs that carry no session cookie (a provider's system, a gate
 * device, an EU wallet's app): no session is looked up for them, and no Origin asked of them, since no
 * cross-site page can borrow what they present.
 */
const COOKIELESS: ReadonlySet<Access | undefined> = new Set<Access>(['provider', 'device', 'eu-wallet']);
export const isCookieless = (access: Access | undefined): boolean => COOKIELESS.has(access);

/** A paired gate device, as its credential authenticated it (features/gate/devices/device-access.ts). */
export interface Device {
  id: string;
  organisationId: string;
  label: string;
  /** When its credential ends: the night of its club's last match of the day, unless renewed. */
  credentialExpiresAt: Date;
}

/** The credential offer an EU wallet's access token was given for (eu-wallet/issuer/issuance-access.ts). */
export interface IssuanceGrant {
  offerId: string;
}

/** A club's ticketing provider, as its API key authenticated it (features/providers/access.ts). */
export interface Importer {
  organisationId: string;
  actor: string;
  requestId?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A `device` route whose bearer is a one-time pairing token, not a credential: pairing itself. */
    gatePairing?: boolean;
    /** An `eu-wallet` route that needs the access token of a redeemed credential offer (the credential endpoint). */
    issuanceAccessToken?: boolean;
  }
  interface FastifyRequest {
    /** The person behind the session cookie of a `user` or `officer` route (plugins/sessions.ts). */
    user: SessionUser | undefined;
    /** The calling device of a `device` route (plugins/access.ts). */
    device?: Device;
    /** The pairing token presented to the pairing route. */
    pairingToken?: string;
    /** The calling provider of a `provider` route. */
    importer?: Importer;
    /** The offer behind the access token of an `issuanceAccessToken` route. */
    issuanceGrant?: IssuanceGrant;
  }
}

/** A `user` or `officer` route's check, on the session the sessions plugin found. */
export function enforceUserAccess(request: FastifyRequest): void {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  if (matchedRoute(request).config.access === 'officer' && request.user.role !== 'OFFICER')
    throw new AppError('FORBIDDEN');
}

/** The authenticated user, for handlers behind `requireUser`/`requireOfficer`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/** Who makes a change, in which request: what a service is called with and its audit row records. */
export interface Actor {
  user: SessionUser;
  requestId: string;
}

/** The actor of a `user` or `officer` route's request, as its service takes it. */
export const currentActor = (request: FastifyRequest): Actor => ({
  user: currentUser(request),
  requestId: request.id,
});

/** The authenticated device, for handlers of `device` routes. */
export function currentDevice(request: FastifyRequest): Device {
  if (!request.device) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
  return request.device;
}

/** The authenticated provider, for handlers of `provider` routes. */
export function currentImporter(request: FastifyRequest): Importer {
  if (!request.importer) throw new AppError('PROVIDER_UNAUTHENTICATED');
  return request.importer;
}

/**
 * The token of `Authorization: Bearer <token>` (RFC 6750), as the `device` and `provider` levels take
 * it: 10 to 200 characters without spaces, or nothing.
 */
export const bearerOf = (request: FastifyRequest): string | undefined =>
  /^Bearer (\S{10,200})$/.exec(request.headers.authorization ?? '')?.[1];
