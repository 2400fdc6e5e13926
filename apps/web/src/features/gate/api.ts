import type { Admission, AdmissionRequest, GateEvent } from '@tickets/domain';
import { ApiError, apiCall } from '../../shared/api/client';

/**
 * A gate device's calls (docs/design.md §8): the bearer token, never the cookie of whoever is
 * signed in on this browser; errors in Greek through the one API client.
 */
const asDevice = (token: string) => ({
  credentials: 'omit' as const,
  headers: { Authorization: `Bearer ${token}` },
});

export const listGateEvents = (token: string) =>
  apiCall<GateEvent[]>('GET', '/api/gate/events', undefined, asDevice(token));

export const decideAdmission = (token: string, request: AdmissionRequest) =>
  apiCall<Admission>('POST', '/api/gate/admissions', request, asDevice(token));

export const undoAdmission = (token: string, admissionId: string) =>
  apiCall<object>(
    'DELETE',
    `/api/gate/admissions/${encodeURIComponent(admissionId)}`,
    undefined,
    asDevice(token),
  );

/** The server no longer knows this device (revoked, or a wrong token): back to pairing. */
export const isUnpaired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 401;
