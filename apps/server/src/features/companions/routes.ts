import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  declarationIdParams,
  declarationSchema,
  dependentSchema,
  indicateCompanionSchema,
  modifyCompanionSchema,
} from '@tickets/domain';
import { currentActor, currentUser } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import { findCitizenByAfm } from '../../rules/people';
import { listDependents, listLiveDeclarations, toDeclaration } from './queries';
import { cancelDeclaration, changeCompanion, indicateCompanion } from './service';

/** The citizen's /tickets area (docs/product-spec.md §7): dependents and their companion declarations. */
export async function companionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const userRoute = routeOptions('user', ['citizen: companions']);

  app.get(
    '/api/tickets/dependents/',
    userRoute({
      operationId: 'listDependents',
      summary: "The signed-in guardian's minors, as the registry has them",
      response: { 200: z.array(dependentSchema) },
    }),
    async (request) => {
      const guardian = await findCitizenByAfm(db, currentUser(request).afm);
      const dependents = guardian ? await listDependents(db, guardian.id) : [];
      return dependents.map(({ id: _id, ...dependent }) => dependent);
    },
  );

  app.post(
    '/api/tickets/dependents/declarations/indicate',
    userRoute(
      {
        operationId: 'indicateCompanion',
        summary: "Name an adult as companion for a minor's ticket: a request they answer in their wallet",
        description:
          'Naming someone answers `PERSON_CANNOT_BE_NAMED` alike for every reason that is their status, and ' +
          'shares an allowance of 30 calls per person per 15 minutes with the other calls that name someone.',
        body: indicateCompanionSchema,
        response: { 200: declarationSchema },
      },
      { namesAPerson: true },
    ),
    async (request) => indicateCompanion(db, currentActor(request), request.body),
  );

  app.get(
    '/api/tickets/dependents/declarations',
    userRoute({
      operationId: 'listDeclarations',
      summary: "The guardian's companion declarations still in force, newest first",
      response: { 200: z.array(declarationSchema) },
    }),
    async (request) => {
      const rows = await listLiveDeclarations(db, currentUser(request).afm);
      return rows.map(toDeclaration);
    },
  );

  app.delete(
    '/api/tickets/dependents/declarations/:declarationId/cancel',
    userRoute(
      {
        operationId: 'cancelDeclaration',
        summary: 'Cancel a companion request that is still pending',
        params: declarationIdParams,
        // The spec's client sends an empty list.
        body: z.tuple([]).optional(),
        response: { 200: declarationSchema },
      },
      { namesAPerson: true },
    ),
    async (request) => cancelDeclaration(db, currentActor(request), request.params.declarationId),
  );

  app.post(
    '/api/tickets/dependents/declarations/modify',
    userRoute(
      {
        operationId: 'changeCompanion',
        summary:
          'Change the accepted companion: back to the guardian at once, or to another adult as a new request',
        body: modifyCompanionSchema,
        response: { 200: declarationSchema },
      },
      { namesAPerson: true },
    ),
    async (request) => changeCompanion(db, currentActor(request), request.body),
  );
}
