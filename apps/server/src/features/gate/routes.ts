import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  admissionCountsSchema,
  admissionRequestSchema,
  admissionSchema,
  createdGateDeviceSchema,
  gateDeviceCreateSchema,
  gateDeviceSchema,
  gateEventSchema,
  gateKeysSchema,
  gateManifestSchema,
  offlineAdmissionResultsSchema,
  offlineAdmissionsSchema,
  validationMessages,
} from '@tickets/domain';
import { AppError } from '../../shared/app-error';
import { currentUser } from '../../shared/guards';
import { decideAdmission, undoAdmission } from './admissions';
import { gateManifest } from './manifest';
import { recordOfflineAdmissions } from './offline-admissions';
import { admissionCounts, gateEvents, officerGateEvents } from './reports';
import { createGateDevice, deviceByToken, listGateDevices, revokeGateDevice, type Device } from './devices';

/**
 * Entry control: officers register their club's gate devices and watch the counts; devices (a
 * steward's screen, a turnstile's software) call /api/gate/* with `Authorization: Bearer <token>`.
 */
export async function gateRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const officerTags = ['ticket office: gate'];
  const deviceTags = ['gate devices'];
  const actor = (request: FastifyRequest) => ({ user: currentUser(request), requestId: request.id });
  const deviceParams = z.object({ deviceId: z.uuid({ error: validationMessages.declarationId }) });
  const eventQuery = z.object({ eventId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
  const { gateKeys } = app.config;

  // The device is settled before the body is read, on every call: a revoked token is refused at once.
  const devices = new WeakMap<FastifyRequest, Device>();
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.access !== 'device') return;
    const token = /^Bearer (\S{10,200})$/.exec(request.headers.authorization ?? '')?.[1];
    const device = token ? await deviceByToken(db, token) : undefined;
    if (!device) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
    devices.set(request, device);
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

  app.delete(
    '/api/ticket-office/gate-devices/:deviceId',
    {
      config: { access: 'officer' },
      schema: {
        tags: officerTags,
        summary: 'Revoke a gate device: refused from then on, on every server',
        params: deviceParams,
        response: { 200: gateDeviceSchema },
      },
    },
    async (request) => revokeGateDevice(db, actor(request), request.params.deviceId),
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
        body: admissionRequestSchema,
        response: { 200: admissionSchema },
      },
    },
    async (request) =>
      decideAdmission(db, deviceOf(request), request.body, {
        audit: app.audit,
        requestId: request.id,
        trustedKeys: app.config.gateKeys.trusted,
      }),
  );

  app.delete(
    '/api/gate/admissions/:admissionId',
    {
      config: { access: 'device' },
      schema: {
        tags: deviceTags,
        summary: 'Undo an admission made in error, within two minutes',
        params: z.object({ admissionId: z.uuid({ error: validationMessages.declarationId }) }),
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

  app.get(
    '/api/gate/manifest',
    {
      config: { access: 'device' },
      schema: {
        tags: deviceTags,
        summary:
          'The signed offline manifest of one event: the codes that admit to it, sealed, and the revoked and suspended ones',
        querystring: eventQuery,
        response: { 200: gateManifestSchema },
      },
    },
    async (request) => gateManifest(db, deviceOf(request), request.query.eventId, gateKeys),
  );

  app.post(
    '/api/gate/admissions/batch',
    {
      config: { access: 'device' },
      // A thousand admissions are some 70 kB, over the default body limit.
      bodyLimit: OFFLINE_UPLOAD_BODY_LIMIT,
      schema: {
        tags: deviceTags,
        summary:
          'Upload the admissions a device made offline: each recorded once, a ticket admitted before is a double entry',
        body: offlineAdmissionsSchema,
        response: { 200: offlineAdmissionResultsSchema },
      },
    },
    async (request) => recordOfflineAdmissions(db, deviceOf(request), request.body, request.id),
  );
}

const OFFLINE_UPLOAD_BODY_LIMIT = 256 * 1024;
