import type { Db } from '../../../db/client';
import type { Metrics } from '../../../shared/metrics';
import { listDevicesAtOpenGates, lowerUnsent, recordContact, recordUnsent } from './contacts.queries';

/**
 * When each gate device last called the platform, and what it holds unsent (issue #42 item 3): on its
 * row in the database, not in a process's memory, since a device's calls reach whichever process the
 * balancer picks and the club's match-day view and the metrics read one answer (docs/design.md §2).
 * The last contact is written at most every GATE_CONTACT_WRITE_SECONDS: the device's authentication
 * reads whether it is due (`contactDue`), so most scans send nothing more.
 */
export class DeviceContacts {
  constructor(private readonly db: Db) {}

  /** After the device's credential was checked: its last contact, when due. */
  async heardFrom(device: { id: string; contactDue: boolean }): Promise<void> {
    if (device.contactDue) await recordContact(this.db, device.id);
  }

  /** Its manifest poll said how many records it holds unsent. */
  async holdsUnsent(deviceId: string, unsent: number): Promise<void> {
    await recordUnsent(this.db, deviceId, unsent);
  }

  /** An upload of `sent` records was acknowledged. */
  async uploaded(deviceId: string, sent: number): Promise<void> {
    if (sent > 0) await lowerUnsent(this.db, deviceId, sent);
  }

  /** Sets the silence gauge, at a scrape, for the devices whose club's gates are open. */
  async sample(metrics: Metrics): Promise<void> {
    const devices = await listDevicesAtOpenGates(this.db);
    metrics.deviceSilence.reset();
    for (const device of devices) {
      const silence = Math.max(0, Number(device.silentSeconds));
      metrics.deviceSilence.set({ club: device.organisationId, device: device.id }, Math.round(silence));
    }
  }
}
