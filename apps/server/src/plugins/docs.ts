import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { openApiOptions } from '../features/api-contract/document';

/** The OpenAPI document in every profile (/api/openapi.json); its browsable page only in development. */
export async function setUpDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, openApiOptions(config));
  if (config.profile === 'development') await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
