import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorCatalogue } from '@tickets/domain';
import { loadConfig } from '../src/config';
import { firstError } from './support/login';
import { buildProductionApp, engines, useTestServer } from './support/test-server';

/** The wallet stand-in page asks this before it shows anything: development yes, production no. */
describe.each(engines)('the wallet stand-in switch (%s)', (engine) => {
  const server = useTestServer(engine);
  let production: FastifyInstance;
  let productionBase: string;
  beforeAll(async () => {
    // The production profile's app on the same database, without the TaxisNet stand-in as production runs.
    const development = loadConfig({ DATA_DIR: 'memory' });
    production = await buildProductionApp(server.database, {
      taxis: { ...development.taxis, standIn: false },
    });
    await production.listen({ host: 'localhost', port: 0 });
    productionBase = production.publicUrl();
  });
  afterAll(async () => {
    await production.close();
  });

  it('answers 204 in the development profile', async () => {
    const response = await fetch(`${server.baseUrl}/api/standin/wallet`);
    expect(response.status).toBe(204);
  });

  it('serves the development mailbox in development only (issue #30), even on the same database', async () => {
    const development = await fetch(`${server.baseUrl}/api/standin/mailbox`);
    expect(development.status).toBe(200);
    expect(Array.isArray(await development.json())).toBe(true);
    const refused = await fetch(`${productionBase}/api/standin/mailbox`);
    expect(refused.status).toBe(404);
  });

  it('is not there in the production profile: 404, in Greek', async () => {
    const response = await fetch(`${productionBase}/api/standin/wallet`);
    expect(response.status).toBe(404);
    expect((await firstError(response))?.description).toBe(errorCatalogue.NOT_FOUND.description);
  });
});
