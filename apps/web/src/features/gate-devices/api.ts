import { useQuery } from '@tanstack/react-query';
import type {
  AdmissionCounts,
  CreatedGateDevice,
  GateDevice,
  GateDeviceOrganisations,
  GateEvent,
  LiveAdmission,
  VoidedAdmission,
} from '@tickets/domain';
import { apiCall } from '../../shared/api/client';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';

/** The ticket office's gate devices (docs/design.md §8): register, list, renew, revoke. */
export const gateDeviceKeys = {
  all: ['gate-devices'] as const,
  list: () => [...gateDeviceKeys.all, 'list'] as const,
  organisations: () => [...gateDeviceKeys.all, 'organisations'] as const,
};

const listGateDevices = (): Promise<GateDevice[]> => apiCall('get', '/api/ticket-office/gate-devices');

/** The clubs a new device can be for; a platform-wide officer (`choose`) picks one. */
const listDeviceOrganisations = (): Promise<GateDeviceOrganisations> =>
  apiCall('get', '/api/ticket-office/gate-devices/organisations');

export const useGateDevices = () => useQuery({ queryKey: gateDeviceKeys.list(), queryFn: listGateDevices });

export const useDeviceOrganisations = () =>
  useQuery({ queryKey: gateDeviceKeys.organisations(), queryFn: listDeviceOrganisations });

/** A platform-wide officer names the club; a club officer's device is their club's. */
const createGateDevice = ({ label, organisationId }: NewGateDevice): Promise<CreatedGateDevice> =>
  apiCall('post', '/api/ticket-office/gate-devices', {
    body: { label, ...(organisationId ? { organisationId } : {}) },
  });

const revokeGateDevice = (deviceId: string): Promise<GateDevice> =>
  apiCall('delete', '/api/ticket-office/gate-devices/{deviceId}', { params: { path: { deviceId } } });

/** Until the night of the club's last match of the day: for another match day, or once it ended. */
const renewGateDevice = (deviceId: string): Promise<GateDevice> =>
  apiCall('post', '/api/ticket-office/gate-devices/{deviceId}/renewal', { params: { path: { deviceId } } });

export interface NewGateDevice {
  label: string;
  organisationId?: string | null;
}

/** Each write changes the device list: it is read again. */
const changesDevices = { invalidates: () => [gateDeviceKeys.list()] };

export const useCreateGateDeviceMutation = (
  reactions?: MutationReactions<CreatedGateDevice, NewGateDevice>,
) => useApiMutation(createGateDevice, changesDevices, reactions);

export const useRevokeGateDeviceMutation = (reactions?: MutationReactions<GateDevice, string>) =>
  useApiMutation(revokeGateDevice, changesDevices, reactions);

export const useRenewGateDeviceMutation = (reactions?: MutationReactions<GateDevice, string>) =>
  useApiMutation(renewGateDevice, changesDevices, reactions);

/** The matches an officer can follow at the gates, and one match's count so far. */
export const gateCountKeys = {
  all: ['gate-counts'] as const,
  events: () => [...gateCountKeys.all, 'events'] as const,
  ofEvent: (eventId: number) => [...gateCountKeys.all, 'event', eventId] as const,
};

const listGateEvents = (): Promise<GateEvent[]> => apiCall('get', '/api/ticket-office/gate-events');

export const useGateEvents = () => useQuery({ queryKey: gateCountKeys.events(), queryFn: listGateEvents });

const getGateCounts = (eventId: number): Promise<AdmissionCounts> =>
  apiCall('get', '/api/ticket-office/gate-counts', { params: { query: { eventId } } });

/** The live counts, asked again every `refreshMs` while shown. */
export const useGateCounts = (eventId: number, refreshMs: number) =>
  useQuery({
    queryKey: gateCountKeys.ofEvent(eventId),
    queryFn: () => getGateCounts(eventId),
    refetchInterval: refreshMs,
  });

/** One ticket's live admission to a match, to confirm voiding it: looked up once, on a submit. */
const findLiveAdmission = ({
  eventId,
  ticketCode,
}: {
  eventId: number;
  ticketCode: string;
}): Promise<LiveAdmission> =>
  apiCall('get', '/api/ticket-office/gate-admissions', { params: { query: { eventId, ticketCode } } });

export const useFindLiveAdmissionMutation = (
  reactions?: MutationReactions<LiveAdmission, { eventId: number; ticketCode: string }>,
) => useApiMutation(findLiveAdmission, {}, reactions);

/** Voiding it (with a reason) lowers the match's count: read again. */
const voidAdmission = (request: {
  eventId: number;
  ticketCode: string;
  reason: string;
}): Promise<VoidedAdmission> => apiCall('post', '/api/ticket-office/gate-admissions/void', { body: request });

export const useVoidAdmissionMutation = (
  reactions?: MutationReactions<VoidedAdmission, { eventId: number; ticketCode: string; reason: string }>,
) =>
  useApiMutation(
    voidAdmission,
    { invalidates: (_, { eventId }) => [gateCountKeys.ofEvent(eventId)] },
    reactions,
  );
