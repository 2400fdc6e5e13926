import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
import {
  applyManifestDelta,
  isManifestDelta,
  offlineCredentialStatusRefusal,
  signPaperCode,
  verifyGateCode,
  verifyManifestDelta,
  verifyManifestSignature,
  type GateManifest,
  type GateManifestDelta,
} from '@tickets/domain';
import { tickets } from '../src/db/schema';
import { takeTicket } from './support/eu-wallet';
import { HOLDER, PLATFORM_OFFICER, tonightTicket, useGateFixture, type GateDevice } from './support/gate';
import { loginAs } from './support/login';
import { noPerson } from './support/suspensions-api';
import { engines, useTestServer } from './support/test-server';

/**
 * The manifest gives nothing to search, and stays current by deltas (issue #27; docs/gate-codes.md
 * §7.6): a suspension is a mark inside the suspended holder's sealed entries, and one added after a
 * device's fetch reaches it as a small signed delta on its next poll.
 */
describe.each(engines)('manifest deltas on %s', (engine) => {
  // Every change shows at the next poll (the rebuild interval is gate-manifest.test.ts's).
  const server = useTestServer(engine, { GATE_MANIFEST_REBUILD_SECONDS: '0' });
  const { ids, call, personalize, addDevice } = useGateFixture(server, { tonightSerials: [1, 2, 3] });
  let device: GateDevice;
  let keys: { keyId: number; publicKey: string }[];

  const poll = (held?: { manifest: GateManifest; entityTag: string }) =>
    fetch(
      `${server.baseUrl}/api/gate/manifest?eventId=${ids.tonight}` +
        (held ? `&salt=${held.manifest.salt}&revision=${held.manifest.revision}` : ''),
      {
        headers: {
          authorization: `Bearer ${device.token}`,
          ...(held ? { 'if-none-match': held.entityTag } : {}),
        },
      },
    );
  const decide = (code: string, manifest: GateManifest) =>
    verifyGateCode(code, manifest, { eventId: ids.tonight ?? -1, now: new Date() });
  const suspend = async (documentId: string) => {
    const added = await call(PLATFORM_OFFICER, 'POST', '/api/blackList-administration/add', {
      ...noPerson,
      documentId,
      endDate: '2099-12-31',
    });
    expect(added.status).toBe(200);
  };

  beforeAll(async () => {
    device = await addDevice('Θύρα 3 - κινητό 1');
    const response = await fetch(`${server.baseUrl}/api/gate/keys`, {
      headers: { authorization: `Bearer ${device.token}` },
    });
    keys = ((await response.json()) as { keys: typeof keys }).keys;
  });

  it('refuses a holder suspended before the fetch offline, with no identity hash in the manifest', async () => {
    const banned = await personalize(tonightTicket(1), 'ΣΣ100654');
    await suspend('ΣΣ100654');
    const response = await poll();
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as GateManifest;
    expect(verifyManifestSignature(manifest, keys)).toBe(true);
    expect(Object.keys(manifest)).not.toContain('suspendedKeyHashes');
    expect(JSON.stringify(manifest)).not.toMatch(/KeyHashes|AFM:|DOC:/);
    expect(decide(banned, manifest)).toMatchObject({
      ok: false,
      reason: 'SUSPENDED',
      holder: { holderName: 'ΙΩΑΝΝΗΣ ΠΑΠΑΔΑΚΗΣ' },
    });
  });

  it('carries a suspension added after the fetch in the next poll’s signed delta; a tampered one is refused', async () => {
    const code = await personalize(tonightTicket(2), 'ΣΣ200654');
    const other = await personalize(tonightTicket(3));
    const first = await poll();
    const held = {
      manifest: (await first.json()) as GateManifest,
      entityTag: first.headers.get('etag') ?? '',
    };
    expect(decide(code, held.manifest).ok).toBe(true);
    expect((await poll(held)).status).toBe(304);

    await suspend('ΣΣ200654');
    const next = await poll(held);
    expect(next.status).toBe(200);
    expect(next.headers.get('etag')).not.toBe(held.entityTag);
    const text = await next.text();
    const delta: unknown = JSON.parse(text);
    expect(isManifestDelta(delta)).toBe(true);
    expect(delta).toMatchObject({ salt: held.manifest.salt, fromRevision: held.manifest.revision });
    // The suspended holder's one entry, re-sealed: far under a kilobyte, and no identity in it.
    expect(gzipSync(text).length).toBeLessThan(1000);
    expect(text).not.toMatch(/ΣΣ200654|AFM:|DOC:/);

    expect(verifyManifestDelta(delta, keys)).toBe(true);
    const updated = applyManifestDelta(held.manifest, delta as GateManifestDelta) as GateManifest;
    expect(decide(code, updated)).toMatchObject({ ok: false, reason: 'SUSPENDED' });
    expect(decide(other, updated).ok).toBe(true);
    // The device's copy is now current: the next poll is a 304.
    expect((await poll({ manifest: updated, entityTag: next.headers.get('etag') ?? '' })).status).toBe(304);

    const signed = delta as GateManifestDelta;
    const tampered = [
      // The first character: the last ones encode S's top byte, often 0 already (S < 2^253).
      {
        ...signed,
        signature: {
          ...signed.signature,
          value: `${signed.signature.value.startsWith('A') ? 'B' : 'A'}${signed.signature.value.slice(1)}`,
        },
      },
      { ...signed, entries: { paper: {}, random: {}, wallet: {} } },
      { ...signed, revision: signed.revision + 1 },
    ];
    for (const altered of tampered) expect(verifyManifestDelta(altered, keys)).toBe(false);
  });

  it('carries the status of the fixture’s EU-wallet credentials; a reprint revokes one in the next delta', async () => {
    const { cookie } = await loginAs(server.baseUrl, HOLDER);
    const { credential } = await takeTicket(server.baseUrl, '303000000001', cookie);
    const { status } = decodeJwt(credential.split('~')[0] ?? '') as {
      status: { status_list: { uri: string; idx: number } };
    };
    const entry = status.status_list;
    const first = await poll();
    const held = {
      manifest: (await first.json()) as GateManifest,
      entityTag: first.headers.get('etag') ?? '',
    };
    expect(verifyManifestSignature(held.manifest, keys)).toBe(true);
    expect(held.manifest.credentialStatus?.lists).toBe(`${server.baseUrl}/api/wallet/oid4vci/status-lists/`);
    expect(offlineCredentialStatusRefusal(held.manifest, entry)).toBeNull();

    // The season ticket printed again (as the platform signs a print: the office cannot bind a
    // ticket held in a wallet): the credential no longer stands for the ticket's binding.
    const { db } = server.database;
    const [ticket] = await db.select().from(tickets).where(eq(tickets.publicCode, '303000000001'));
    const serial = (ticket?.codeSerial ?? 0) + 1;
    const reprint = signPaperCode(
      { ticketCode: '303000000001', scopeEventId: ticket?.eventId ?? -1, serial },
      server.config.gateKeys.signer,
    );
    await db
      .update(tickets)
      .set({ privateCode: reprint, codeSerial: serial })
      .where(eq(tickets.publicCode, '303000000001'));

    const next = await poll(held);
    expect(next.status).toBe(200);
    const delta: unknown = await next.json();
    expect(isManifestDelta(delta)).toBe(true);
    expect(verifyManifestDelta(delta, keys)).toBe(true);
    const changed = (delta as GateManifestDelta).credentialStatus;
    expect(changed?.invalid.added).toHaveLength(1);
    const updated = applyManifestDelta(held.manifest, delta as GateManifestDelta) as GateManifest;
    // Offline, the device refuses the credential as the server does online; the list says INVALID too.
    expect(offlineCredentialStatusRefusal(updated, entry)).toBe('REVOKED');
    const list = await (await fetch(entry.uri)).text();
    expect(getListFromStatusListJWT(list).getStatus(entry.idx)).toBe(1);
  });

  it('answers a copy of another salt, or none, with the whole manifest', async () => {
    const whole = (await (await poll()).json()) as GateManifest;
    const stranger = { manifest: { ...whole, salt: 'A'.repeat(43), revision: 0 }, entityTag: 'W/"old"' };
    const response = await poll(stranger);
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    expect(isManifestDelta(body)).toBe(false);
    expect(verifyManifestSignature(body, keys)).toBe(true);
    const bad = await fetch(
      `${server.baseUrl}/api/gate/manifest?eventId=${ids.tonight}&salt=short&revision=1`,
      {
        headers: { authorization: `Bearer ${device.token}` },
      },
    );
    expect(bad.status).toBe(400);
  });
});
