import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@tickets/domain';
import { apiCall, suspensionCall, requestId } from './client';

const respond = (status: number, body: string) =>
  vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('sends cookies, JSON and the same request id on every call', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    await apiCall('get', '/api/auth/user');
    await apiCall('post', '/api/tickets/dependents/declarations/modify', {
      body: { declarationId: 'd-1', companionAfm: '100000039' },
    });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    for (const [, init] of calls) {
      expect(init.credentials).toBe('include');
      expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
      expect((init.headers as Record<string, string>)['X-Request-Id']).toBe(requestId);
    }
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]?.[1].body).toBe('{"declarationId":"d-1","companionAfm":"100000039"}');
  });

  it("fills the contract's path and query parameters, encoded", async () => {
    const fetchMock = respond(200, '{}');
    vi.stubGlobal('fetch', fetchMock);
    await apiCall('delete', '/api/tickets/dependents/declarations/{declarationId}/cancel', {
      params: { path: { declarationId: 'a/b c' } },
      body: [],
    });
    await apiCall('get', '/api/ticket-office/gate-admissions', {
      params: { query: { eventId: 7, ticketCode: '303000000001' } },
    });
    const paths = (fetchMock.mock.calls as unknown as [string, RequestInit][]).map(([path]) => path);
    expect(paths).toEqual([
      '/api/tickets/dependents/declarations/a%2Fb%20c/cancel',
      '/api/ticket-office/gate-admissions?eventId=7&ticketCode=303000000001',
    ]);
  });

  it('refuses, at compile time, a path or a body the contract does not have', () => {
    // Never called: `tsc` (npm run typecheck) fails if any of these lines stops being an error.
    const typeChecksOnly = () => [
      // @ts-expect-error -- no such path in the contract
      apiCall('get', '/api/no-such-path'),
      // @ts-expect-error -- the route is a POST, not a GET
      apiCall('get', '/api/tickets/dependents/declarations/modify'),
      // @ts-expect-error -- the body lacks the contract's companionAfm
      apiCall('post', '/api/tickets/dependents/declarations/modify', { body: { declarationId: 'd-1' } }),
      // @ts-expect-error -- the path parameter is required
      apiCall('delete', '/api/gate/admissions/{admissionId}'),
    ];
    expect(typeChecksOnly).toBeTypeOf('function');
  });

  it('shows the first error description of the envelope', async () => {
    const body = {
      exceptions: {
        errors: [
          { code: 'X', description: 'Πρώτο μήνυμα' },
          { code: 'Y', description: 'Δεύτερο' },
        ],
      },
    };
    vi.stubGlobal('fetch', respond(409, JSON.stringify(body)));
    await expect(apiCall('get', '/api/auth/user')).rejects.toMatchObject({
      status: 409,
      message: 'Πρώτο μήνυμα',
    });
  });

  it('falls back to the system message for anything else, network failures included', async () => {
    vi.stubGlobal('fetch', respond(500, '<html>oops</html>'));
    await expect(apiCall('get', '/api/auth/user')).rejects.toMatchObject({ message: messages.errors.system });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(apiCall('get', '/api/auth/user')).rejects.toMatchObject({
      status: 0,
      message: messages.errors.system,
    });
  });

  it('reads the suspension calls’ {"error"} shape, or the raw text', async () => {
    vi.stubGlobal('fetch', respond(400, '{"error":"Λάθος ΑΦΜ"}'));
    await expect(
      suspensionCall('post', '/api/blackList-administration/add', { body: {} }),
    ).rejects.toMatchObject({
      message: 'Λάθος ΑΦΜ',
    });
    vi.stubGlobal('fetch', respond(502, 'Bad gateway'));
    await expect(
      suspensionCall('post', '/api/blackList-administration/add', { body: {} }),
    ).rejects.toMatchObject({
      message: 'Bad gateway',
    });
  });
});
