/**
 * A run's manifest requests, as a steward's screen sends them: each device's whole manifest when it is
 * switched on, then its polls with its salt, revision and ETag; each answer goes to the devices' copies
 * (devices.ts), and what the devices received is counted.
 */
import type { Device, DeviceCopies } from './devices';
import { ACCEPTS_GZIP, send, type Routes } from './requests';

export function manifestRequests(base: string, eventId: number, routes: Routes, copies: DeviceCopies) {
  const received = { firstManifestBytes: 0, deltas: [] as number[], wholeAfterFirst: 0, unapplied: 0 };
  const manifestPath = (device: Device) =>
    `/api/gate/manifest?eventId=${eventId}` +
    (device.salt === undefined ? '' : `&salt=${device.salt}&revision=${device.revision}`);
  const fetchWhole = async (device: Device) => {
    // The first reading of the fixture seals every entry, which on a busy machine outlasts HAProxy's
    // server timeout (15 s: a 504): a device asks again, as the steward's screen does.
    for (let attempt = 1; ; attempt += 1) {
      const dueAt = performance.now();
      const answer = await send(device.agent, base, 'GET', manifestPath(device), {
        authorization: `Bearer ${device.token}`,
        ...ACCEPTS_GZIP,
      });
      routes.record(
        'GET /api/gate/manifest (first, whole)',
        dueAt,
        answer.status === 200,
        answer.status,
        answer.body,
      );
      if (answer.status !== 200) {
        // HAProxy answers 503 at once while the process is out of its rotation: wait as a device would.
        if (attempt < 30) {
          await new Promise((resolve) => setTimeout(resolve, 2000));
          continue;
        }
        throw new Error(`the first manifest answered ${answer.status}`);
      }
      received.firstManifestBytes = Math.max(received.firstManifestBytes, answer.wireBytes);
      const copy = await copies.take(answer.body, answer.etag ?? '', undefined);
      Object.assign(device, { salt: copy.salt, revision: copy.revision, etag: answer.etag });
      return;
    }
  };
  const poll = async (device: Device, dueAt: number) => {
    const answer = await send(device.agent, base, 'GET', manifestPath(device), {
      authorization: `Bearer ${device.token}`,
      ...ACCEPTS_GZIP,
      ...(device.etag ? { 'if-none-match': device.etag } : {}),
    });
    routes.record(
      'GET /api/gate/manifest (poll)',
      dueAt,
      answer.status === 200 || answer.status === 304,
      answer.status,
    );
    if (answer.status !== 200) return;
    const copy = await copies.take(answer.body, answer.etag ?? '', device.etag);
    // A whole manifest after the first: what issue #38 is about (another process's salt).
    if (copy.whole) received.wholeAfterFirst += 1;
    else received.deltas.push(answer.wireBytes);
    if (!copy.applied) {
      received.unapplied += 1;
      return;
    }
    Object.assign(device, { salt: copy.salt, revision: copy.revision, etag: answer.etag });
  };
  return { received, fetchWhole, poll };
}
