import { describe, expect, it } from 'vitest';
import { DEMO_PROVIDER_KEYS } from '../src/demo/events';
import { engines, useTestServer } from './support/test-server';

/**
 * Wrong provider keys are limited, per address and per key prefix, without ever refusing a key that
 * verifies: someone sharing a provider's address (or every client behind a proxy without
 * TRUSTED_PROXIES) cannot stop its imports and gate checks by sending wrong keys.
 */
describe.each(engines)('wrong provider keys on %s', (engine) => {
  const server = useTestServer(engine);
  const status = (key: string) =>
    fetch(`${server.baseUrl}/api/providers/tickets/303000000001/status`, {
      headers: { authorization: `Bearer ${key}` },
    });

  it('refuses a flood of wrong keys with 429, and still lets every valid key through', async () => {
    const answers: number[] = [];
    for (let attempt = 0; attempt < 25; attempt += 1)
      answers.push((await status(`ae-olympiada.wrong-${attempt}-xxxxxxxxxxxx`)).status);
    expect(answers.slice(0, 20).every((code) => code === 401)).toBe(true);
    const refused = await status('ae-olympiada.wrong-again-xxxxxxxxxxxx');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // The same address, the same prefix: a key that verifies goes through.
    expect((await status(DEMO_PROVIDER_KEYS['ae-olympiada'])).status).toBe(200);
    expect((await status(DEMO_PROVIDER_KEYS['kae-akropoli'])).status).not.toBe(429);
    // The wrong ones stay refused.
    expect((await status('kae-akropoli.wrong-xxxxxxxxxxxxxxx')).status).toBe(429);
  });
});
