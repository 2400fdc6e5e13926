import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  admissionCountsSchema,
  admissionVoidSchema,
  createdGateDeviceSchema,
  gateDeviceCreateSchema,
  gateDeviceOrganisationsSchema,
  gateDeviceSchema,
  gateEventSchema,
  liveAdmissionQuerySchema,
  liveAdmissionSchema,
  matchDaySchema,
  officerGateEventsQuerySchema,
  validationMessages,
  voidedAdmissionSchema,
} from '@tickets/domain';
import { currentActor, currentUser } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import {
  createGateDevice,
  gateDeviceOrganisations,
  listGateDevices,
  renewGateDevice,
  revokeGateDevice,
} from './devices/devices.service';
import { matchDay, matchReportCsv } from './reports/match-day.service';
import { admissionCounts, liveAdmission, officerGateEvents, voidAdmission } from './reports/reports.service';

/**
 * Entry control at the ticket office (/api/ticket-office/gate-*): officers register their club's gate
 * devices, renew and revoke them, follow a match's entrance and void a wrong admission.
 */
export async function gateOfficeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const officerRoute = routeOptions('officer', ['ticket office: gate']);
  const deviceParams = z.object({ deviceId: z.uuid({ error: validationMessages.deviceId }) });
  const eventQuery = z.object({ eventId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
  const marginHours = app.config.gateDeviceCredentialMarginHours;

  app.post(
    '/api/ticket-office/gate-devices',
    officerRoute({
      summary: "Register a gate device of the officer's club; its token is shown only in this answer",
      body: gateDeviceCreateSchema,
      response: { 200: createdGateDeviceSchema },
    }),
    async (request) => createGateDevice(db, currentActor(request), request.body),
  );

  app.get(
    '/api/ticket-office/gate-devices',
    officerRoute({
      summary: "The club's gate devices, live ones first",
      response: { 200: z.array(gateDeviceSchema) },
    }),
    async (request) => listGateDevices(db, currentUser(request)),
  );

  app.get(
    '/api/ticket-office/gate-devices/organisations',
    officerRoute({
      summary:
        'The clubs a new gate device can be for: every one for a platform-wide officer (who chooses), else their own',
      response: { 200: gateDeviceOrganisationsSchema },
    }),
    async (request) => gateDeviceOrganisations(db, currentUser(request)),
  );

  app.delete(
    '/api/ticket-office/gate-devices/:deviceId',
    officerRoute({
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
    }),
    async (request) =>
      revokeGateDevice(db, currentActor(request), request.params.deviceId, {
        voidAdmissions: request.query.voidAdmissions,
      }),
  );

  app.post(
    '/api/ticket-office/gate-devices/:deviceId/renewal',
    officerRoute({
      summary:
        "Renew a paired gate device of the club: its credential works again until the club's last match of the day ends, plus GATE_DEVICE_CREDENTIAL_MARGIN_HOURS",
      params: deviceParams,
      response: { 200: gateDeviceSchema },
    }),
    async (request) => renewGateDevice(db, currentActor(request), request.params.deviceId, marginHours),
  );

  app.get(
    '/api/ticket-office/gate-events',
    officerRoute({
      summary:
        "The club's matches not yet over, soonest first, to follow their entrance; with over=true, those over (the last 50, latest first), for their match-day view and report",
      querystring: officerGateEventsQuerySchema,
      response: { 200: z.array(gateEventSchema) },
    }),
    async (request) => officerGateEvents(db, currentUser(request), { over: request.query.over }),
  );

  app.get(
    '/api/ticket-office/gate-match-day',
    officerRoute({
      summary:
        "One match of the club as its gates saw it, live and afterwards: entries per device and minute, refusals by reason over time, attendance against the bound tickets, each device's last contact and pending uploads, double entries",
      querystring: eventQuery,
      response: { 200: matchDaySchema },
    }),
    async (request) => matchDay(db, currentUser(request), request.query.eventId),
  );

  app.get(
    '/api/ticket-office/gate-report',
    officerRoute({
      summary:
        "A finished match's report as CSV (UTF-8 with a byte-order mark, fields separated by ';'): the figures of the match-day view, one a row; refused while the match is not over",
      querystring: eventQuery,
      produces: ['text/csv'],
      response: { 200: z.string().describe('The report, CSV') },
    }),
    async (request, reply) => {
      const { fileName, csv } = await matchReportCsv(db, currentUser(request), request.query.eventId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  app.get(
    '/api/ticket-office/gate-counts',
    officerRoute({
      summary: 'Admitted and refused (by reason) so far for one event of the club, and the last scan',
      querystring: eventQuery,
      response: { 200: admissionCountsSchema },
    }),
    async (request) => admissionCounts(db, currentUser(request), request.query.eventId),
  );

  app.get(
    '/api/ticket-office/gate-admissions',
    officerRoute({
      summary:
        "One ticket's live admission to a match of the officer's club: when and by which device, to confirm voiding it",
      querystring: liveAdmissionQuerySchema,
      response: { 200: liveAdmissionSchema },
    }),
    async (request) => liveAdmission(db, currentUser(request), request.query),
  );

  app.post(
    '/api/ticket-office/gate-admissions/void',
    officerRoute({
      summary:
        "Void a wrong admission of one ticket to a match of the officer's club, with a reason (audited): its holder may then enter",
      body: admissionVoidSchema,
      response: { 200: voidedAdmissionSchema },
    }),
    async (request) => voidAdmission(db, currentActor(request), request.body),
  );
}
