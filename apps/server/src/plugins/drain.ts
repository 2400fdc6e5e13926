import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on /readyz answers 503 and every answer closes its connection (main.ts's stop). */
    startDraining(): void;
    isDraining(): boolean;
  }
}

/**
 * A process told to stop first leaves the balancer's rotation while it still serves (README "Running
 * in production"): /readyz fails its health check (features/health), and each answer says
 * `Connection: close`, so that neither the balancer nor a client keeps a connection to it that the
 * close would cut under a request sent at that moment. The close itself comes after
 * SHUTDOWN_DRAIN_SECONDS; Node then closes the connections left idle.
 */
export function setUpDrain(app: FastifyInstance): void {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.decorate('isDraining', () => draining);
  // A callback hook: every answer passes here, and an async one costs each a promise.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
