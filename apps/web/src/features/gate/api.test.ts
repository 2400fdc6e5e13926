import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@tickets/domain';
import { decideAdmission, isUnpaired, listGateEvents } from './api';

afterEach(() => vi.unstubAllGlobals());

describe("a gate device's calls", () => {
  it('send the bearer token and no cookie', async () => {
    const fetchMock = vi.fn(async () => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await listGateEvents('gate.secret-token');
    const [path, init] = (fetchMock.mock.calls as unknown as [string, RequestInit][])[0] ?? [];
    expect(path).toBe('/api/gate/events');
    expect(init?.credentials).toBe('omit');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer gate.secret-token');
    expect((init?.headers as Record<string, string>)['X-Request-Id']).toBeDefined();
  });

  it('turn an unknown device into "pair again", with the Greek message', async () => {
    const { description } = errorCatalogue.GATE_DEVICE_UNAUTHENTICATED;
    const body = { exceptions: { errors: [{ code: 'GATE_DEVICE_UNAUTHENTICATED', description }] } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 401 })),
    );
    const error = await decideAdmission('gate.revoked-token', { eventId: 1, code: 'X' }).catch(
      (e: unknown) => e,
    );
    expect(isUnpaired(error)).toBe(true);
    expect((error as Error).message).toBe(description);
  });
});
