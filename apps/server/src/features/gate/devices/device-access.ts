import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/app-error';
import { matchedRoute } from '../../../shared/api-paths';
import { bearerOf } from '../../../shared/guards';
import { DeviceContacts } from './contacts.service';
import { authenticateDevice, checkPairingToken } from './devices.service';

/**
 * The `device` access level's check (plugins/access.ts), before the body is read: a missing, unknown,
 * expired or revoked credential, or one whose officer is gone, is 401 whatever the body (docs/design.md
 * §8). The pairing route's bearer is the one-time pairing token instead.
 */
export function deviceAccess(app: FastifyInstance) {
  const tokenHours = app.config.gatePairingTokenHours;
  // Each device's last contact, on its row: the match-day view and the silent-device gauge read it.
  const contacts = new DeviceContacts(app.db);
  app.metrics.onScrape(() => contacts.sample(app.metrics));
  return async (request: FastifyRequest) => {
    const bearer = bearerOf(request);
    if (!bearer) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
    if (matchedRoute(request).config.gatePairing) {
      await checkPairingToken(app.db, bearer, { requestId: request.id, tokenHours });
      request.pairingToken = bearer;
      return;
    }
    const device = await authenticateDevice(app.db, bearer);
    if (!device) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
    request.device = device;
    await contacts.heardFrom(device);
  };
}
