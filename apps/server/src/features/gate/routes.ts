import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  admissionCountsSchema,
  admissionRequestSchema,
  admissionSchema,
  admissionVoidSchema,
  createdGateDeviceSchema,
  gateCredentialRenewalSchema,
  gateDeviceCreateSchema,
  gateDeviceOrganisationsSchema,
  gateDeviceSchema,
  gateEventSchema,
  gateKeysSchema,
  gateManifestDeltaSchema,
  gateManifestSchema,
  gatePairingSchema,
  isManifestDelta,
  manifestHeldQuerySchema,
  liveAdmissionQuerySchema,
  liveAdmissionSchema,
  offlineAdmissionResultsSchema,
  offlineAdmissionsSchema,
  validationMessages,
  voidedAdmissionSchema,
} from '@tickets/domain';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import { currentUser } from '../../shared/guards';
import { decideAdmission, undoAdmission } from './admissions.service';
import { DeviceContacts } from './contacts.service';
import {
  authenticateDevice,
  checkPairingToken,
  createGateDevice,
  gateDeviceOrganisations,
  listGateDevices,
  pairGateDevice,
  renewDeviceCredential,
  renewGateDevice,
  revokeGateDevice,
  type Device,
} from './devices.service';
import { gateManifest } from './manifest.service';
import { recordOfflineAdmissions } from './offline-admissions.service';
import {
  admissionCounts,
  gateEvents,
  liveAdmission,
  officerGateEvents,
  voidAdmission,
} from './reports.service';

/**
 * Entry control: officers register their club's gate devices and watch the counts; devices (a
 * steward's screen, a turnstile's software) pair once, then call /api/gate/* with
 * `Authorization: Bearer <credential>`.
 */
/** For turnstile vendors who verify offline with their own software (docs/gate-codes.md, byte by byte). */
const GATE_CODE_FORMATS = [
  '`code` is what the device scanned, one of (docs/gate-codes.md in the repository gives every byte):',
  '- a **signed paper code** (printed as a QR): decimal digits, about 180, encoding',
  '  `01 ‖ varint keyId ‖ 5-byte ticket code ‖ varint event or season id ‖ varint print serial ‖ Ed25519 signature`',
  "  by the platform's key `keyId` (`GET /api/gate/keys`); a reprint takes the next serial and revokes the earlier ones;",
  '- a **random code** (printed as Code 128): 16 characters of Crockford base 32;',
  "- a **wallet code** (a phone's QR, changing every 30 s): digits encoding the platform-signed credential",
  "  (`02 ‖ …` binding the phone's Ed25519 key to the ticket and event or season) ‖ 4-byte time ‖ the phone's",
  '  signature; accepted within 60 s of its time. `makeWalletCode` in packages/domain is the reference.',
].join('\n');

const MANIFEST_FORMAT = [
  "Signed with one of the platform's keys (`signature.keyId`): Ed25519 over the context",
  '`tickets-gate/manifest/v1` and the SHA-256 of the RFC 8785 canonical JSON of every member but `signature`.',
  "One entry per live code, under `entries.paper|random|wallet`, keyed by an HMAC of the code's secret part",
  "(a paper code's signature, a random code, a credential's platform signature) with `salt`, and sealed",
  '(ChaCha20-Poly1305) under a key derived the same way: a lost device reveals nobody without the tickets.',
  'Whether the one who enters is suspended is a flag inside the sealed entry; no identity key is in the',
  'manifest in any form. docs/gate-codes.md in the repository gives every byte, with test vectors.',
].join('\n');

const MANIFEST_REFRESH = [
  'Each answer carries an `ETag`; a device refreshing its copy (every 30 s while online) sends it in',
  "`If-None-Match`, and its copy's `salt` and `revision` in the query. It is answered 304 with no body",
  'while what the manifest says is unchanged; a **delta** (a document with `fromRevision`, signed under',
  '`tickets-gate/manifest-delta/v1`: the entries sealed anew or removed, prints and credentials revoked)',
  'when its copy is an earlier revision of the current manifest; the whole manifest otherwise (first fetch,',
  'a new salt, or more than 5,000 changes). docs/gate-codes.md §7.6 gives the delta and how to apply it.',
  'The manifest of a match changes at most once per `GATE_MANIFEST_REBUILD_SECONDS` (30 by default),',
  'whatever changes: a change reaches a device within that interval and its next poll.',
].join('\n');

const PAIRING_FORMAT = [
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

const OFFLINE_UPLOAD_FORMAT = [
  'What a device decided while offline, sent when the network is back and again until answered (each row is',
  'recorded once). Each admission carries the `code` exactly as scanned, the `ticketCode` the device read from its',
  'manifest entry and `admittedAt`, the device clock. The server verifies the code again with the online rule at',
  "`admittedAt`: both signatures (a wallet code's phone signature within 60 s of `admittedAt`), the phone registered",
  "by the one who enters, not revoked or replaced, for this event and that ticket; and `admittedAt` within the match's",
  'gates: not before they opened (`NOT_OPEN_YET`), not after the match ended (`EVENT_OVER`), not more than',
  '`GATE_UPLOAD_CLOCK_SKEW_SECONDS` (120) ahead of the server clock (`RECORDED_IN_FUTURE`). A row that fails is',
  '`NOT_RECORDED` with its `reason` and nothing is kept; a verified one is `RECORDED` (with the SHA-256 of its code),',
  '`ALREADY_RECORDED` (the same device and time, sent before) or `DOUBLE_ENTRY` (the ticket had entered). Suspensions',
  "and companions are the device's decision at the time and are not judged again. Each refusal (`code`, `reason`,",
  '`refusedAt`) is counted once on the match (GET /api/ticket-office/gate-counts, by reason). At most 500 rows in all.',
  'docs/gate-codes.md §8.1 in the repository says the same, with the order of the checks.',
].join('\n');

export async function gateRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const officerTags = ['ticket office: gate'];
  const deviceTags = ['gate devices'];
  const actor = (request: FastifyRequest) => ({ user: currentUser(request), requestId: request.id });
  const deviceParams = z.object({ deviceId: z.uuid({ error: validationMessages.deviceId }) });
  const eventQuery = z.object({ eventId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
  const { gateKeys } = app.config;
  const { metrics } = app;
  const contacts = new DeviceContacts();
  metrics.onScrape(() => contacts.sample(db, metrics));

  // One authentication step for every device route, before the body is even read (onRequest): a
  // missing, unknown, expired or revoked credential, or one whose officer is gone, is 401 whatever
  // the body (docs/design.md §8). The pairing route's bearer is the one-time pairing token instead.
  const marginHours = app.config.gateDeviceCredentialMarginHours;
  const tokenHours = app.config.gatePairingTokenHours;
  const devices = new WeakMap<FastifyRequest, Device>();
  const pairingTokens = new WeakMap<FastifyRequest, string>();
  const authenticate = async (request: FastifyRequest) => {
    const bearer = /^Bearer (\S{10,200})$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
    if (request.routeOptions.config.gatePairing) {
      await checkPairingToken(db, bearer, { requestId: request.id, tokenHours });
      pairingTokens.set(request, bearer);
      return;
    }
    const device = await authenticateDevice(db, bearer);
    if (!device) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
    devices.set(request, device);
    contacts.heardFrom(device.id);
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.access !== 'device') return;
    try {
      await authenticate(request);
    } catch (error) {
      // Refused with its body unread: the connection closes after the answer, so nothing more of that
      // body (a huge one, say) is taken from a caller who may not send it.
      if (request.headers['content-length'] || request.headers['transfer-encoding'])
        reply.header('connection', 'close');
      throw error;
    }
  });

  const deviceOf = (request: FastifyRequest) => {
    const device = devices.get(request);
    if (!device) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
    return device;
  };

  app.post(
    '/api/ticket-office/gate-devices',
    {
      config: { access: 'officer' },
      schema: {
        tags: officerTags,
        summary: "Register a gate device of the officer's club; its token is shown only in this answer",
        body: gateDeviceCreateSchema,
        response: { 200: createdGateDeviceSchema },
      },
    },
    async (request) => createGateDevice(db, actor(request), request.body),
  );

  app.get(
    '/api/ticket-office/gate-devices',
    {
      config: { access: 'officer' },
      schema: {
        tags: officerTags,
        summary: "The club's gate devices, live ones first",
        response: { 200: z.array(gateDeviceSchema) },
      },
    },
    async (request) => listGateDevices(db, currentUser(request)),
  );

  app.get(
    '/api/ticket-office/gate-devices/organisations',
    {
      config: { access: 'officer' },
      schema: {
        tags: officerTags,
        summary:
          'The clubs a new gate device can be for: every one for a platform-wide officer (who chooses), else their own',
        response: { 200: gateDeviceOrganisationsSchema },
      },
    },
    async (request) => gateDeviceOrganisations(db, currentUser(request)),
  );

  app.delete(
    '/api/ticket-office/gate-devices/:deviceId',
    {
      config: { access: 'officer' },
      schema: {
        tags: officerTags,
        summary:
          'Revoke a gate device: refused from then on, on every server; with voidAdmissions=true, the admissions it recorded are voided too (those tickets may enter again)',
        params: deviceParams,
        querystring: z.object({
          voidAdmissions: z
            .enum(['true', 'false'], { error: validationMessages.voidAdmissions })
            .optional()
            .transform((value) => value === 'true'),
        }),
        response: { 200: gateDeviceSchema },
      },
    },
    async (request) =>
      revokeGateDevice(db, actor(request), request.params.deviceId, {
        voidAdmissions: request.query.voidAdmissions,
      }),
  );

  app.post(
    '/api/ticket-office/gate-devices/:deviceId/renewal',
    {
      config: { access: 'officer' },
      schema: {
        tags: officerTags,
        summary:
          "Renew a paired gate device of the club: its credential works again until the club's last match of the day ends, plus GATE_DEVICE_CREDENTIAL_MARGIN_HOURS",
        params: deviceParams,
        response: { 200: gateDeviceSchema },
      },
    },
    async (request) => renewGateDevice(db, actor(request), request.params.deviceId, marginHours),
  );

  app.get(
    '/api/ticket-office/gate-events',
    {
      config: { access: 'officer' },
      schema: {
        tags: officerTags,
        summary: "The club's matches not yet over, soonest first, to follow their entrance",
        response: { 200: z.array(gateEventSchema) },
      },
    },
    async (request) => officerGateEvents(db, currentUser(request)),
  );

  app.get(
    '/api/ticket-office/gate-counts',
    {
      config: { access: 'officer' },
      schema: {
        tags: officerTags,
        summary: 'Admitted and refused (by reason) so far for one event of the club, and the last scan',
        querystring: eventQuery,
        response: { 200: admissionCountsSchema },
      },
    },
    async (request) => admissionCounts(db, currentUser(request), request.query.eventId),
  );

  app.get(
    '/api/ticket-office/gate-admissions',
    {
      config: { access: 'officer' },
      schema: {
        tags: officerTags,
        summary:
          "One ticket's live admission to a match of the officer's club: when and by which device, to confirm voiding it",
        querystring: liveAdmissionQuerySchema,
        response: { 200: liveAdmissionSchema },
      },
    },
    async (request) => liveAdmission(db, currentUser(request), request.query),
  );

  app.post(
    '/api/ticket-office/gate-admissions/void',
    {
      config: { access: 'officer' },
      schema: {
        tags: officerTags,
        summary:
          "Void a wrong admission of one ticket to a match of the officer's club, with a reason (audited): its holder may then enter",
        body: admissionVoidSchema,
        response: { 200: voidedAdmissionSchema },
      },
    },
    async (request) => voidAdmission(db, actor(request), request.body),
  );

  app.post(
    '/api/gate/pairing',
    {
      config: { access: 'device', gatePairing: true },
      schema: {
        tags: deviceTags,
        summary:
          "Pair this device: its one-time pairing token (the bearer) exchanged for the device's own credential",
        description: PAIRING_FORMAT,
        response: { 200: gatePairingSchema },
      },
    },
    async (request) =>
      pairGateDevice(db, pairingTokens.get(request) as string, {
        marginHours,
        tokenHours,
        requestId: request.id,
      }),
  );

  app.post(
    '/api/gate/pairing/renewal',
    {
      config: { access: 'device' },
      schema: {
        tags: deviceTags,
        summary: "Renew the device's credential: it lasts a whole lifetime from now",
        response: { 200: gateCredentialRenewalSchema },
      },
    },
    async (request) => renewDeviceCredential(db, deviceOf(request), marginHours),
  );

  app.get(
    '/api/gate/events',
    {
      config: { access: 'device' },
      schema: {
        tags: deviceTags,
        summary: "The device club's events not yet over, soonest first, to pick the one at the gate",
        response: { 200: z.array(gateEventSchema) },
      },
    },
    async (request) => gateEvents(db, deviceOf(request)),
  );

  app.post(
    '/api/gate/admissions',
    {
      config: { access: 'device' },
      schema: {
        tags: deviceTags,
        summary:
          'Decide and record the entry of a scanned code (paper QR or Code 128, or a wallet gate code) to an event',
        description: GATE_CODE_FORMATS,
        body: admissionRequestSchema,
        response: { 200: admissionSchema },
      },
    },
    async (request) => {
      const device = deviceOf(request);
      const admission = await decideAdmission(db, device, request.body, {
        audit: (entry) => audit(db, entry),
        requestId: request.id,
        trustedKeys: app.config.gateKeys.trusted,
      });
      metrics.gateDecisions.inc({ reason: admission.reason, club: device.organisationId });
      return admission;
    },
  );

  app.delete(
    '/api/gate/admissions/:admissionId',
    {
      config: { access: 'device' },
      schema: {
        tags: deviceTags,
        summary: 'Undo an admission made in error, within two minutes',
        params: z.object({ admissionId: z.uuid({ error: validationMessages.admissionId }) }),
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      await undoAdmission(db, deviceOf(request), request.params.admissionId, request.id);
      return {};
    },
  );

  app.get(
    '/api/gate/keys',
    {
      config: { access: 'device' },
      schema: {
        tags: deviceTags,
        summary: "The platform's public keys, which a device pins when paired to verify its manifests",
        response: { 200: gateKeysSchema },
      },
    },
    async () => ({ keys: gateKeys.trusted.map(({ keyId, publicKey }) => ({ keyId, publicKey })) }),
  );

  const manifestKinds = new WeakMap<FastifyRequest, 'full' | 'delta'>();
  app.get(
    '/api/gate/manifest',
    {
      config: { access: 'device' },
      // The bytes of each answer's body as sent, for the alert on a large delta: a 304 sends none.
      onSend: (request, reply, payload, done) => {
        if (reply.statusCode < 400) {
          const sent = reply.statusCode !== 304 && typeof payload === 'string';
          const bytes = sent ? Buffer.byteLength(payload) : 0;
          metrics.manifestAnswerBytes.observe({ kind: manifestKinds.get(request) ?? 'unchanged' }, bytes);
        }
        done(null, payload);
      },
      schema: {
        tags: deviceTags,
        summary:
          'The signed offline manifest of one event (the codes that admit to it, sealed; the revoked ones), or what changed since the copy held',
        description: `${MANIFEST_FORMAT}\n\n${MANIFEST_REFRESH}`,
        querystring: manifestHeldQuerySchema,
        headers: z.object({ 'if-none-match': z.string().max(1000).optional() }),
        response: {
          200: z.union([gateManifestSchema, gateManifestDeltaSchema]),
          304: z.null().describe("Unchanged: the device's copy (its ETag in If-None-Match) is current"),
        },
      },
    },
    async (request, reply) => {
      const { eventId, salt, revision } = request.query;
      const { entityTag, document } = await gateManifest(
        db,
        deviceOf(request),
        eventId,
        gateKeys,
        request.headers['if-none-match'],
        salt === undefined || revision === undefined ? undefined : { salt, revision },
        {
          rebuildSeconds: app.config.gateManifestRebuildSeconds,
          onBuilt: (built) => {
            metrics.manifestBuilds.observe(built.ms / 1000);
            request.log.info(built, 'gate manifest built');
          },
        },
      );
      reply.header('ETag', entityTag);
      if (!document) return reply.code(304).send(null);
      manifestKinds.set(request, isManifestDelta(document) ? 'delta' : 'full');
      return document;
    },
  );

  app.post(
    '/api/gate/admissions/batch',
    {
      config: { access: 'device' },
      // 500 rows of codes up to 512 characters are some 300 kB, over the default body limit.
      bodyLimit: OFFLINE_UPLOAD_BODY_LIMIT,
      schema: {
        tags: deviceTags,
        summary:
          'Upload what a device decided offline: each admission verified by its code and recorded once, each refusal counted once',
        description: OFFLINE_UPLOAD_FORMAT,
        body: offlineAdmissionsSchema,
        response: { 200: offlineAdmissionResultsSchema },
      },
    },
    async (request) =>
      recordOfflineAdmissions(db, deviceOf(request), request.body, {
        requestId: request.id,
        trustedKeys: gateKeys.trusted,
      }),
  );
}

const OFFLINE_UPLOAD_BODY_LIMIT = 512 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The device route whose bearer is a pairing token, not a credential: pairing itself. */
    gatePairing?: boolean;
  }
}
