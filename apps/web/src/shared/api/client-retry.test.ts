import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, errorEnvelope } from '@tickets/domain';
import { apiCall } from './client';

/** The server's answer when the embedded database is busy: 503 SERVICE_BUSY, Retry-After: 1. */
const busy = () =>
  new Response(JSON.stringify(errorEnvelope('SERVICE_BUSY', errorCatalogue.SERVICE_BUSY.description)), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '1' },
  });
const ok = () =>
  new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a busy server', () => {
  it('is asked again once, after the Retry-After it gave, for a read', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockResolvedValueOnce(busy()).mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', fetchMock);
    const read = apiCall('get', '/api/auth/user');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(read).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows its Greek message when the second answer is busy too', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockResolvedValueOnce(busy()).mockResolvedValueOnce(busy());
    vi.stubGlobal('fetch', fetchMock);
    const read = expect(apiCall('get', '/api/auth/user')).rejects.toMatchObject({
      status: 503,
      message: errorCatalogue.SERVICE_BUSY.description,
    });
    await vi.advanceTimersByTimeAsync(1000);
    await read;
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never has a write sent twice', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(busy()).mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiCall('post', '/api/ticket-office/personalize', { body: {} as never }),
    ).rejects.toMatchObject({
      status: 503,
      message: errorCatalogue.SERVICE_BUSY.description,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
