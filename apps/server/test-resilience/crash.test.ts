import { afterAll, describe, expect, it } from 'vitest';
import { loginAs } from '../test/support/login';
import {
  demoCode,
  expectAcknowledgedPersonalizations,
  killHard,
  personalizationLoad,
  serverOn,
  targets,
} from './support';

/**
 * `kill -9` of the server in the middle of a write load: every write it acknowledged must be
 * in the database afterwards, with its audit row — on PGlite (files) and on PostgreSQL.
 */
const MAX = 120;

describe.each(targets)('a crash under write load on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps every acknowledged personalization and its audit row', async () => {
    const { base, server, reopen } = await serverOn(target, cleanups);
    const { cookie } = await loginAs(base, '100000003');

    const load = personalizationLoad(base, cookie, demoCode, MAX);
    while (load.acknowledged.length < 25) await new Promise((resolve) => setTimeout(resolve, 5));
    await killHard(server);
    await load.stop();
    // The kill came in the middle of the load, not after it.
    expect(load.acknowledged.length).toBeLessThan(MAX);

    const reopened = await reopen();
    try {
      await expectAcknowledgedPersonalizations(reopened, load.acknowledged);
    } finally {
      await reopened.close();
    }
  });
});
