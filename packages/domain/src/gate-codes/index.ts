/**
 * Signed gate codes and the offline manifest (docs/design.md §8; formats in docs/gate-codes.md).
 * Pure and synchronous: the same code runs on the server, in the steward's browser and in the wallet.
 */
export {
  canonicalDevicePublicKey,
  generateGateKeyPair,
  isValidDevicePublicKey,
  publicKeyOf,
  GATE_KEY_ID_MAX,
  type GateKeyPair,
  type PlatformKey,
  type PlatformPublicKey,
} from './keys';
export {
  issueWalletCredential,
  makeWalletCode,
  parseGateCode,
  parseWalletCredential,
  signPaperCode,
  verifyGateCodeSignatures,
  type GateCodeKind,
  type PaperCodeInput,
  type ParsedGateCode,
  type ParsedPaperCode,
  type ParsedRandomCode,
  type ParsedWalletCode,
  type SignatureCheck,
  type SignedPart,
  type WalletCredential,
  type WalletCredentialInput,
} from './codes';
export {
  buildGateManifest,
  canonicalJson,
  gateManifestSchema,
  MANIFEST_FORMAT_VERSION,
  verifyManifestSignature,
  type GateManifest,
  type GateManifestCredentialStatus,
  type GateManifestEntryInput,
  type GateManifestInput,
} from './manifest';
export {
  applyManifestDelta,
  gateManifestDeltaSchema,
  isManifestDelta,
  verifyManifestDelta,
  type GateManifestDelta,
} from './manifest-delta';
export {
  GateManifestBook,
  MANIFEST_BOOK_STEP,
  type GateManifestBookRow,
  type GateManifestBookState,
  type GateManifestHeader,
  type GateManifestPatch,
} from './manifest-book';
export {
  verifyGateCode,
  type GateHolder,
  type GateRefusalReason,
  type GateVerification,
} from './verify-gate-code';
export { offlineCredentialStatusRefusal, statusNumberAt } from './credential-status';
export { decideEntry, type CodeFacts, type EntrantFacts, type EntryFacts } from './decide-entry';
export { showsEntrant, whoEnters, type EntrantShown, type TicketAtFixture, type WhoEnters } from './entrant';
