import { describe, expect, it } from 'vitest';
import { citizens } from '../src/db/schema';
import { personalDataInLogs } from './support/personal-data';
import { useTestServer } from './support/test-server';

/** The check every test server runs on close finds what it must, and only that. */
describe('the personal-data check of the server tests’ logs', () => {
  const server = useTestServer('pglite');

  it('finds a demo ΑΦΜ, a seeded ΑΜΚΑ and a document number as typed, not a timestamp', async () => {
    const [citizen] = await server.database.db.select({ amka: citizens.amka }).from(citizens).limit(1);
    const lines = [
      '{"msg":"login","afm":"100000040"}',
      `{"msg":"registry","value":"${citizen?.amka}"}`,
      '{"msg":"typed","value":"ab 123-456"}',
      '{"time":1100000040123,"duration":0.100000040,"msg":"ok"}',
    ];
    const found = await personalDataInLogs(lines, server.database.db);
    expect(found).toEqual([
      'log line 1: the ΑΦΜ 100000040',
      `log line 2: the ΑΜΚΑ ${citizen?.amka}`,
      'log line 3: the document AB123456',
    ]);
  });
});
