/**
 * The longer OpenAPI descriptions of the devices' routes (device.routes.ts): formats a turnstile
 * vendor or a steward's app needs, byte by byte in docs/gate-codes.md.
 */

/** For turnstile vendors who verify offline with their own software (docs/gate-codes.md, byte by byte). */
export const GATE_CODE_FORMATS = [
  '`code` is what the device scanned, one of (docs/gate-codes.md in the repository gives every byte):',
  '- a **signed paper code** (printed as a QR): decimal digits, about 180, encoding',
  '  `01 ‖ varint keyId ‖ 5-byte ticket code ‖ varint event or season id ‖ varint print serial ‖ Ed25519 signature`',
  "  by the platform's key `keyId` (`GET /api/gate/keys`); a reprint takes the next serial and revokes the earlier ones;",
  '- a **random code** (printed as Code 128): 16 characters of Crockford base 32;',
  "- a **wallet code** (a phone's QR, changing every 30 s): digits encoding the platform-signed credential",
  "  (`02 ‖ …` binding the phone's Ed25519 key to the ticket and event or season) ‖ 4-byte time ‖ the phone's",
  '  signature; accepted within 60 s of its time. `makeWalletCode` in packages/domain is the reference.',
].join('\n');

export const MANIFEST_FORMAT = [
  "Signed with one of the platform's keys (`signature.keyId`): Ed25519 over the context",
  '`tickets-gate/manifest/v1` and the SHA-256 of the RFC 8785 canonical JSON of every member but `signature`.',
  "One entry per live code, under `entries.paper|random|wallet`, keyed by an HMAC of the code's secret part",
  "(a paper code's signature, a random code, a credential's platform signature) with `salt`, and sealed",
  '(ChaCha20-Poly1305) under a key derived the same way: a lost device reveals nobody without the tickets.',
  'Whether the one who enters is suspended is a flag inside the sealed entry; no identity key is in the',
  'manifest in any form. docs/gate-codes.md in the repository gives every byte, with test vectors.',
].join('\n');

export const MANIFEST_REFRESH = [
  'Each answer carries an `ETag`; a device refreshing its copy (every 30 s while online) sends it in',
  "`If-None-Match`, and its copy's `salt` and `revision` in the query. It is answered 304 with no body",
  'while what the manifest says is unchanged; a **delta** (a document with `fromRevision`, signed under',
  '`tickets-gate/manifest-delta/v1`: the entries sealed anew or removed, prints and credentials revoked)',
  'when its copy is an earlier revision of the current manifest; the whole manifest otherwise (first fetch,',
  'a new salt, or more than 5,000 changes). docs/gate-codes.md §7.6 gives the delta and how to apply it.',
  'The manifest of a match changes at most once per `GATE_MANIFEST_REBUILD_SECONDS` (30 by default),',
  'whatever changes: a change reaches a device within that interval and its next poll.',
  "A match the club's ticket office cancelled has no manifest: 409 `EVENT_CANCELLED`, and the device refuses",
  'every code of it from then on, offline too.',
  'A device that decides offline sends `unsent`: how many admissions and refusals it holds not yet',
  "acknowledged by an upload; the club's officers see it beside the device's last contact.",
].join('\n');

export const PAIRING_FORMAT = [
  '`Authorization: Bearer <pairing token>`, the token shown once to the officer who registered the device,',
  'and no body. The token pairs within `GATE_PAIRING_TOKEN_HOURS` (24) of the registration; later it is refused',
  '(401 GATE_PAIRING_TOKEN_EXPIRED) and the officer registers the device again for a new token.',
  "The answer's `credential` is the device's bearer on every other call; the pairing token is then",
  'spent: pairing with it again is refused (409 GATE_DEVICE_ALREADY_PAIRED). The credential ends',
  "`GATE_DEVICE_CREDENTIAL_MARGIN_HOURS` (3) after the end of the club's last match that starts that day (Athens),",
  'or that long after the pairing when no match is left that day; use does not extend it.',
  '`POST /api/gate/pairing/renewal` answers its end, moved later only when a match of that day was added or moved',
  'later. Past it, or once the device is revoked or the officer who registered it is deactivated or leaves the',
  'club, every call is 401 (GATE_DEVICE_UNAUTHENTICATED), answered before the body is read. The officer renews',
  'the device for another match day (POST /api/ticket-office/gate-devices/{deviceId}/renewal): its credential',
  'then works again; the steward need not pair again.',
].join('\n');

export const OFFLINE_UPLOAD_FORMAT = [
  'What a device decided while offline, sent when the network is back and again until answered (each row is',
  'recorded once). Each admission carries the `code` exactly as scanned, the `ticketCode` the device read from its',
  'manifest entry and `admittedAt`, the device clock. The server verifies the code again with the online rule at',
  "`admittedAt`: both signatures (a wallet code's phone signature within 60 s of `admittedAt`), the phone registered",
  "by the one who enters, not revoked or replaced, for this event and that ticket; and `admittedAt` within the match's",
  'gates: not before they opened (`NOT_OPEN_YET`), not after the match ended (`EVENT_OVER`), not more than',
  '`GATE_UPLOAD_CLOCK_SKEW_SECONDS` (120) ahead of the server clock (`RECORDED_IN_FUTURE`). A row that fails is',
  '`NOT_RECORDED` with its `reason` and nothing is kept; a verified one is `RECORDED` (with the SHA-256 of its code),',
  '`ALREADY_RECORDED` (the same device and time, sent before) or `DOUBLE_ENTRY` (the ticket had entered). A row may',
  'carry `idempotencyKey`, the key of the scan it was decided on when the device first sent it online (the',
  "`Idempotency-Key` of POST /api/gate/admissions) and got no answer: if this device's admission of that ticket was",
  'recorded with that key, the row is that admission, `ALREADY_RECORDED`, never a double entry. Suspensions',
  "and companions are the device's decision at the time and are not judged again. Each refusal (`code`, `reason`,",
  '`refusedAt`) is counted once on the match (GET /api/ticket-office/gate-counts, by reason). At most 500 rows in all.',
  'docs/gate-codes.md §8.1 in the repository says the same, with the order of the checks.',
].join('\n');

/** POST /api/gate/admissions: the scan's idempotency key, and how a retry is answered. */
export const SCAN_RETRIES = [
  "`Idempotency-Key` (optional): the device's own key for this scan, one per scan (a UUID; 1–64 letters, digits,",
  "`-` or `_`; any other is 400 VALIDATION_ERROR), the same on every retry of it. A retry of a scan this device's",
  'admission was recorded with (its answer lost to a timeout, a reset, a balancer) is answered with that admission',
  'as first answered, ADMIT with its `admissionId`, `admittedAt` and `admittedBy`, and records nothing; so is a retry',
  'sent while the first was still being recorded. Another key, or none, from this device or another is a scan of',
  'its own: a ticket admitted already is ALREADY_ADMITTED. A refusal is not kept: a retry of a refused scan is',
  'decided again. Without the header a scan is decided as it comes (older devices).',
].join('\n');
