/**
 * The one door from the bench into the server (bench/README.md): what the floor of the same work
 * runs or imitates — the functions the measured routes call, so that it records their statements
 * (bench/src/floor/statements.ts), and the pieces of plumbing it copies. Lint refuses any other
 * import of the server from bench/ (eslint.config.js); a new need of the bench is exported here.
 */
export { loadConfig } from './config';
export type { Db } from './db/client';
export * as schema from './db/schema';
export { listLiveDeclarations } from './features/companions/queries';
export {
  decideAdmission,
  MAX_ADMISSIONS_PER_STATEMENT,
  proofDigestOf,
} from './features/gate/admissions.service';
export { authenticateDevice } from './features/gate/devices.service';
export { searchSuspensions } from './features/suspensions/service';
export { issueTicket } from './features/ticket-office/service';
export { addWalletTicket } from './features/wallet/claims.service';
export { listTransferEvents } from './features/transfer-events/service';
export { API_HEADERS } from './plugins/security-headers';
export { audit } from './shared/audit';
export { groupCommit } from './shared/group-commit';
export { findSessionUser, type SessionUser } from './shared/sessions';
export { findTicketForOfficer } from './rules/tickets';
