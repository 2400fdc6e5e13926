import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  admissionHeadersSchema,
  admissionRequestSchema,
  admissionSchema,
  gateCredentialRenewalSchema,
  gateEventSchema,
  gateKeysSchema,
  gateManifestDeltaSchema,
  gateManifestSchema,
  gatePairingSchema,
  MANIFEST_PREPARE_HOURS,
  manifestHeldQuerySchema,
  offlineAdmissionResultsSchema,
  offlineAdmissionsSchema,
  validationMessages,
} from '@tickets/domain';
import { statusListsPrefix } from '../../eu-wallet';
import { audit } from '../../shared/audit';
import { currentDevice } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import { decideAdmission, undoAdmission } from './admission/admissions.service';
import {
  GATE_CODE_FORMATS,
  MANIFEST_FORMAT,
  MANIFEST_REFRESH,
  OFFLINE_UPLOAD_FORMAT,
  PAIRING_FORMAT,
  SCAN_RETRIES,
} from './api-descriptions';
import { DeviceContacts } from './devices/contacts.service';
import { pairGateDevice, renewDeviceCredential } from './devices/devices.service';
import { acceptsGzip, type BodyPrepared } from './manifest/manifest-body';
import { gateManifest, prepareGateManifest, type ManifestBuilt } from './manifest/manifest.service';
import { recordOfflineAdmissions } from './admission/offline-admissions.service';
import { gateEvents } from './reports/reports.service';

/** 500 rows of codes up to 512 characters are some 300 kB, over the default body limit. */
const OFFLINE_UPLOAD_BODY_LIMIT = 512 * 1024;

/**
 * The gate devices' API (/api/gate/*): a device (a steward's screen, a turnstile's software) pairs
 * once, then calls with `Authorization: Bearer <credential>`, checked before the body is read (the
 * `device` access level: devices/device-access.ts).
 */
export async function gateDeviceRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, metrics } = app;
  const deviceRoute = routeOptions('device', ['gate devices']);
  const { gateKeys } = app.config;
  const marginHours = app.config.gateDeviceCredentialMarginHours;
  const tokenHours = app.config.gatePairingTokenHours;
  const contacts = new DeviceContacts(db);
  /** How a request reads and answers the offline manifest, and where it tells of what it did. */
  const manifestOptions = (request: FastifyRequest, eventId: number) => ({
    rebuildSeconds: app.config.gateManifestRebuildSeconds,
    statusLists: statusListsPrefix(app.publicUrl()),
    onBuilt: (built: ManifestBuilt) => {
      metrics.manifestBuilds.observe(built.ms / 1000);
      request.log.info(built, 'gate manifest built');
    },
    onPrepared: (prepared: BodyPrepared & { eventId: number }) =>
      request.log.info(prepared, 'gate manifest body prepared'),
    onFailed: (error: unknown) => request.log.error({ err: error, eventId }, 'gate manifest reading failed'),
  });

  app.post(
    '/api/gate/pairing',
    deviceRoute(
      {
        summary:
          "Pair this device: its one-time pairing token (the bearer) exchanged for the device's own credential",
        description: PAIRING_FORMAT,
        response: { 200: gatePairingSchema },
      },
      { gatePairing: true },
    ),
    async (request) =>
      pairGateDevice(db, request.pairingToken as string, {
        marginHours,
        tokenHours,
        requestId: request.id,
      }),
  );

  app.post(
    '/api/gate/pairing/renewal',
    deviceRoute({
      summary: "Renew the device's credential: it lasts a whole lifetime from now",
      response: { 200: gateCredentialRenewalSchema },
    }),
    async (request) => renewDeviceCredential(db, currentDevice(request), marginHours),
  );

  app.get(
    '/api/gate/events',
    deviceRoute({
      summary: "The device club's events not yet over, soonest first, to pick the one at the gate",
      response: { 200: z.array(gateEventSchema) },
    }),
    async (request) => {
      const device = currentDevice(request);
      const events = await gateEvents(db, device);
      // A device lists the events when switched on: the fixtures about to open get their manifests
      // ready now, so that its first fetch (and every other device's) is answered from them.
      const soon = Date.now() + MANIFEST_PREPARE_HOURS * 3_600_000;
      for (const event of events)
        // A cancelled fixture has no manifest to ready (its devices are refused it).
        if (Date.parse(event.eventDateTime) <= soon && !event.cancelledAt)
          void prepareGateManifest(
            db,
            device,
            event.eventId,
            gateKeys,
            manifestOptions(request, event.eventId),
          ).catch((error: unknown) =>
            request.log.error({ err: error, eventId: event.eventId }, 'gate manifest preparation failed'),
          );
      return events;
    },
  );

  app.post(
    '/api/gate/admissions',
    deviceRoute({
      summary:
        'Decide and record the entry of a scanned code (paper QR or Code 128, or a wallet gate code) to an event',
      description: `${GATE_CODE_FORMATS}\n\n${SCAN_RETRIES}`,
      headers: admissionHeadersSchema,
      body: admissionRequestSchema,
      response: { 200: admissionSchema },
    }),
    async (request) => {
      const device = currentDevice(request);
      const idempotencyKey = request.headers['idempotency-key'];
      const admission = await decideAdmission(
        db,
        device,
        { ...request.body, idempotencyKey },
        {
          audit: (entry) => audit(db, entry),
          requestId: request.id,
          trustedKeys: app.config.gateKeys.trusted,
          decided: (reason) => metrics.gateDecisions.inc({ reason, club: device.organisationId }),
        },
      );
      return admission;
    },
  );

  app.delete(
    '/api/gate/admissions/:admissionId',
    deviceRoute({
      summary: 'Undo an admission made in error, within two minutes',
      params: z.object({ admissionId: z.uuid({ error: validationMessages.admissionId }) }),
      response: { 200: z.object({}) },
    }),
    async (request) => {
      await undoAdmission(db, currentDevice(request), request.params.admissionId, request.id);
      return {};
    },
  );

  app.get(
    '/api/gate/keys',
    deviceRoute({
      summary: "The platform's public keys, which a device pins when paired to verify its manifests",
      response: { 200: gateKeysSchema },
    }),
    async () => ({ keys: gateKeys.trusted.map(({ keyId, publicKey }) => ({ keyId, publicKey })) }),
  );

  const manifestKinds = new WeakMap<FastifyRequest, 'full' | 'delta'>();
  app.get(
    '/api/gate/manifest',
    {
      ...deviceRoute({
        summary:
          'The signed offline manifest of one event (the codes that admit to it, sealed; the revoked ones), or what changed since the copy held',
        description: `${MANIFEST_FORMAT}\n\n${MANIFEST_REFRESH}`,
        querystring: manifestHeldQuerySchema,
        headers: z.object({ 'if-none-match': z.string().max(1000).optional() }),
        response: {
          200: z.union([gateManifestSchema, gateManifestDeltaSchema]),
          304: z.null().describe("Unchanged: the device's copy (its ETag in If-None-Match) is current"),
        },
      }),
      // The bytes of each answer's body as sent, for the alert on a large delta: a 304 sends none,
      // the whole manifest its prepared bytes (gzipped when the device takes gzip).
      onSend: (request, reply, payload, done) => {
        if (reply.statusCode < 400) {
          const sent = reply.statusCode !== 304 && (typeof payload === 'string' || Buffer.isBuffer(payload));
          const bytes = sent ? Buffer.byteLength(payload) : 0;
          metrics.manifestAnswerBytes.observe({ kind: manifestKinds.get(request) ?? 'unchanged' }, bytes);
        }
        done(null, payload);
      },
    },
    async (request, reply) => {
      const { eventId, salt, revision, unsent } = request.query;
      const device = currentDevice(request);
      if (unsent !== undefined) await contacts.holdsUnsent(device.id, unsent);
      const { entityTag, delta, body } = await gateManifest(
        db,
        device,
        eventId,
        gateKeys,
        request.headers['if-none-match'],
        salt === undefined || revision === undefined ? undefined : { salt, revision },
        manifestOptions(request, eventId),
      );
      reply.header('ETag', entityTag);
      // The whole manifest's bytes depend on it (gzip or not): so does what a cache may keep.
      reply.header('Vary', 'Accept-Encoding');
      if (delta) {
        manifestKinds.set(request, 'delta');
        return delta;
      }
      if (!body) return reply.code(304).send(null);
      // The prepared bytes, as they are: no serializer runs on a Buffer (docs/design.md §8).
      manifestKinds.set(request, 'full');
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      const bytes = gzip ? body.gzip : body.identity;
      if (gzip) reply.header('Content-Encoding', 'gzip');
      // The typed reply takes the schema's document; the untyped one the document's bytes.
      const untyped: FastifyReply = reply;
      return untyped
        .type('application/json; charset=utf-8')
        .header('Content-Length', bytes.length)
        .send(bytes);
    },
  );

  app.post(
    '/api/gate/admissions/batch',
    {
      ...deviceRoute({
        summary:
          'Upload what a device decided offline: each admission verified by its code and recorded once, each refusal counted once',
        description: OFFLINE_UPLOAD_FORMAT,
        body: offlineAdmissionsSchema,
        response: { 200: offlineAdmissionResultsSchema },
      }),
      bodyLimit: OFFLINE_UPLOAD_BODY_LIMIT,
    },
    async (request) => {
      const device = currentDevice(request);
      const results = await recordOfflineAdmissions(db, device, request.body, {
        requestId: request.id,
        trustedKeys: gateKeys.trusted,
      });
      // Acknowledged: the device drops these rows; what it still holds, its next poll says.
      await contacts.uploaded(device.id, results.results.length + results.refusals.length);
      return results;
    },
  );
}
