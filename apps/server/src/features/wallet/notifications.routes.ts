import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationMessages, walletNotificationSchema } from '@tickets/domain';
import { currentUser } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import { listNotifications, readNotification } from './notifications.service';

/** The wallet's inbox: the person's notifications (issue #30 item 6). */
export async function walletNotificationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const userRoute = routeOptions('user', ['wallet']);

  app.get(
    '/api/wallet/notifications',
    userRoute({
      operationId: 'listWalletNotifications',
      summary: "The logged-in person's notifications, newest first, each read or not",
      response: { 200: z.array(walletNotificationSchema) },
    }),
    async (request) => listNotifications(db, currentUser(request).afm),
  );

  app.post(
    '/api/wallet/notifications/:notificationId/read',
    userRoute({
      operationId: 'readWalletNotification',
      summary: 'Mark one of the logged-in person’s notifications read',
      params: z.object({ notificationId: z.uuid({ error: validationMessages.notificationId }) }),
      response: { 204: z.null().describe('Marked read') },
    }),
    async (request, reply) => {
      await readNotification(
        db,
        { afm: currentUser(request).afm, requestId: request.id },
        request.params.notificationId,
      );
      return reply.code(204).send(null);
    },
  );
}
