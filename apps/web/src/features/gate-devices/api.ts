import { queryOptions } from '@tanstack/react-query';
import type {
  AdmissionCounts,
  CreatedGateDevice,
  GateDevice,
  GateDeviceOrganisations,
  GateEvent,
  LiveAdmission,
  VoidedAdmission,
} from '@tickets/domain';
import { apiCall, apiGet } from '../../shared/api/client';

/** The ticket office's gate devices (docs/design.md §8): register, list, renew, revoke. */
const base = '/api/ticket-office/gate-devices';

export const listGateDevices = () => apiGet<GateDevice[]>(base);

/** A platform-wide officer names the club; a club officer's device is their club's. */
export const createGateDevice = (label: string, organisationId?: string) =>
  apiCall<CreatedGateDevice>('POST', base, { label, ...(organisationId ? { organisationId } : {}) });

/** The clubs a new device can be for; a platform-wide officer (`choose`) picks one. */
export const listDeviceOrganisations = () => apiGet<GateDeviceOrganisations>(`${base}/organisations`);

export const revokeGateDevice = (deviceId: string) =>
  apiCall<GateDevice>('DELETE', `${base}/${encodeURIComponent(deviceId)}`);

/** Until the night of the club's last match of the day: for another match day, or once it ended. */
export const renewGateDevice = (deviceId: string) =>
  apiCall<GateDevice>('POST', `${base}/${encodeURIComponent(deviceId)}/renewal`);

/** The matches an officer can follow at the gates, and one match's count so far. */
export const listGateEvents = () => apiGet<GateEvent[]>('/api/ticket-office/gate-events');

export const getGateCounts = (eventId: number) =>
  apiGet<AdmissionCounts>(`/api/ticket-office/gate-counts?eventId=${eventId}`);

/** One ticket's live admission to a match, to confirm voiding it; voiding it (with a reason). */
export const findLiveAdmission = (eventId: number, ticketCode: string) =>
  apiGet<LiveAdmission>(
    `/api/ticket-office/gate-admissions?eventId=${eventId}&ticketCode=${encodeURIComponent(ticketCode)}`,
  );

export const voidAdmission = (request: { eventId: number; ticketCode: string; reason: string }) =>
  apiCall<VoidedAdmission>('POST', '/api/ticket-office/gate-admissions/void', request);

/** What this feature reads, each one entry of the query cache; a write invalidates the entry it changes. */
export const gateDevicesQuery = queryOptions({
  queryKey: ['gate-devices', 'devices'],
  queryFn: listGateDevices,
});
export const deviceOrganisationsQuery = queryOptions({
  queryKey: ['gate-devices', 'organisations'],
  queryFn: listDeviceOrganisations,
});
export const gateEventsQuery = queryOptions({
  queryKey: ['gate-devices', 'events'],
  queryFn: listGateEvents,
});
export const gateCountsQuery = (eventId: number) =>
  queryOptions({ queryKey: ['gate-devices', 'counts', eventId], queryFn: () => getGateCounts(eventId) });
