import type { Db } from '../../db/client';
import type { Metrics } from '../../shared/metrics';
import { listDevicesAtOpenGates } from './contacts.queries';

/**
 * When this process last heard from each gate device (its authenticated calls), for the alert on a
 * device silent while its club's gates are open (deploy/prometheus/alerts.yml). In memory: a device
 * talks to whichever process the balancer picks, so each process reports its own silence and the
 * alert takes the minimum across them. A process's entries are bounded by the clubs' devices.
 */
export class DeviceContacts {
  private readonly lastHeard = new Map<string, number>();

  heardFrom(deviceId: string): void {
    this.lastHeard.set(deviceId, Date.now());
  }

  /** Sets the silence gauge, at a scrape, for the devices whose club's gates are open. */
  async sample(db: Db, metrics: Metrics): Promise<void> {
    const devices = await listDevicesAtOpenGates(db);
    metrics.deviceSilence.reset();
    const now = Date.now();
    for (const device of devices) {
      const heard = this.lastHeard.get(device.id);
      const sinceOpen = Math.max(0, Number(device.openSeconds));
      const silence = heard === undefined ? sinceOpen : Math.min(sinceOpen, (now - heard) / 1000);
      metrics.deviceSilence.set({ club: device.organisationId, device: device.id }, Math.round(silence));
    }
  }
}
