/**
 * The EU wallet module (docs/design.md §12): the ticket as an SD-JWT VC issued over OpenID4VCI
 * (issuer/), its status lists (status/), and the gate's OpenID4VP verifier (verifier/). It follows
 * standards that change on their own schedule, so it is one folder with this one entry: the rest of
 * the platform imports it only from here (lint-enforced), and it reaches the platform only through
 * the ports it is given (ports.ts): the Gov.gr wallet's listing and the gate's one decision.
 */
export { issuanceRoutes } from './issuer/issuance.routes';
export { walletAuthorizationRoutes } from './issuer/authorization.routes';
export { issuanceAccess } from './issuer/issuance-access';
export { createCredentialOffer } from './issuer/credential-offers.service';
export { purgeExpiredNonces, purgeExpiredWalletAuthorizations } from './issuer/issuance.queries';
export { gatePresentationRoutes } from './verifier/presentation.routes';
export { walletPresentationRoutes } from './verifier/presentation-wallet.routes';
export { CREDENTIAL_STATUS, credentialStatusesFor, statusListsPrefix } from './status/credential-status';
