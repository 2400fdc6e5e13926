import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@tickets/domain';
import { apiCall, apiGet, suspensionCall, requestId } from './client';

const respond = (status: number, body: string) =>
  vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('sends cookies, JSON and the same request id on every call', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    await apiGet('/api/one');
    await apiCall('POST', '/api/two', { a: 1 });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    for (const [, init] of calls) {
      expect(init.credentials).toBe('include');
      expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
      expect((init.headers as Record<string, string>)['X-Request-Id']).toBe(requestId);
    }
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]?.[1].body).toBe('{"a":1}');
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
    await expect(apiGet('/api/x')).rejects.toMatchObject({ status: 409, message: 'Πρώτο μήνυμα' });
  });

  it('falls back to the system message for anything else, network failures included', async () => {
    vi.stubGlobal('fetch', respond(500, '<html>oops</html>'));
    await expect(apiGet('/api/x')).rejects.toMatchObject({ message: messages.errors.system });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(apiGet('/api/x')).rejects.toMatchObject({ status: 0, message: messages.errors.system });
  });

  it('reads the suspension calls’ {"error"} shape, or the raw text', async () => {
    vi.stubGlobal('fetch', respond(400, '{"error":"Λάθος ΑΦΜ"}'));
    await expect(suspensionCall('POST', '/api/blackList-administration/add', {})).rejects.toMatchObject({
      message: 'Λάθος ΑΦΜ',
    });
    vi.stubGlobal('fetch', respond(502, 'Bad gateway'));
    await expect(suspensionCall('POST', '/api/blackList-administration/add', {})).rejects.toMatchObject({
      message: 'Bad gateway',
    });
  });
});
