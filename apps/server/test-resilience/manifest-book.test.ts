import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyManifestDelta,
  isManifestDelta,
  verifyManifestDelta,
  verifyManifestSignature,
  type GateManifest,
  type GateManifestDelta,
} from '@tickets/domain';
import { openDatabase } from '../src/db/client';
import { events } from '../src/db/schema';
import { jsonFrom, loginAs } from '../test/support/login';
import { createPostgresDatabase } from '../test/support/migrated-copies';
import { freePortish, killHard, startServer } from './support';

/**
 * One offline manifest book for every process (docs/design.md §8): a device's copy made by one
 * server process is kept current by deltas from any other, before and after both restart. With a
 * book per process, the other process answered its own salt's whole manifest (7.4 MB gzipped at a
 * full stadium, to every device at every change).
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('one manifest book for two processes', () => {
  const ports = { a: freePortish(), b: freePortish() + 1 };
  const url = (port: number) => `http://localhost:${port}`;
  const servers: Record<'a' | 'b', ChildProcess | undefined> = { a: undefined, b: undefined };
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let env: Record<string, string>;
  let officer: string;
  let deviceToken: string;
  let keys: { keyId: number; publicKey: string }[];
  let tonight: number;

  const start = async (which: 'a' | 'b') => {
    servers[which] = await startServer(ports[which], env);
  };
  const stop = (which: 'a' | 'b') =>
    new Promise<void>((resolve) => {
      const child = servers[which] as ChildProcess;
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });

  type Held = { manifest: GateManifest; entityTag: string };
  /** A device's poll of tonight's manifest at server `port`, holding `held`. */
  const poll = async (port: number, held?: Held) => {
    const query = held ? `&salt=${held.manifest.salt}&revision=${held.manifest.revision}` : '';
    const response = await fetch(`${url(port)}/api/gate/manifest?eventId=${tonight}${query}`, {
      headers: {
        authorization: `Bearer ${deviceToken}`,
        ...(held ? { 'if-none-match': held.entityTag } : {}),
      },
    });
    const entityTag = response.headers.get('etag') ?? '';
    if (response.status === 304) return { kind: 'unchanged' as const, entityTag };
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    if (isManifestDelta(body)) {
      expect(verifyManifestDelta(body, keys)).toBe(true);
      return { kind: 'delta' as const, entityTag, delta: body };
    }
    expect(verifyManifestSignature(body, keys)).toBe(true);
    return { kind: 'whole' as const, entityTag, manifest: body as GateManifest };
  };
  /** The officer binds a free ticket of tonight's match: one entry more in its manifest. */
  const personalize = async (ticketCode: string) => {
    const response = await fetch(`${url(ports.a)}/api/ticket-office/personalize`, {
      method: 'POST',
      headers: jsonFrom(url(ports.a), officer),
      body: JSON.stringify({
        ticketCode,
        firstName: 'ΕΛΕΝΗ',
        lastName: 'ΒΙΒΛΟΥ',
        documentType: 'PASSPORT',
        documentId: `ΜΒ${ticketCode.slice(-6)}`,
      }),
    });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    postgres = await createPostgresDatabase();
    // Every change shows at the next poll: the test is about who answers, not when.
    env = { DATABASE_URL: postgres.url, PUBLIC_URL: url(ports.a), GATE_MANIFEST_REBUILD_SECONDS: '0' };
    await start('a');
    await start('b');
    officer = (await loginAs(url(ports.a), '100000015')).cookie;
    const registered = await fetch(`${url(ports.a)}/api/ticket-office/gate-devices`, {
      method: 'POST',
      headers: jsonFrom(url(ports.a), officer),
      body: JSON.stringify({ label: 'Θύρα 7 - κινητό 1' }),
    });
    const pairing = await fetch(`${url(ports.b)}/api/gate/pairing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${((await registered.json()) as { token: string }).token}` },
    });
    deviceToken = ((await pairing.json()) as { credential: string }).credential;
    keys = (
      (await (
        await fetch(`${url(ports.a)}/api/gate/keys`, { headers: { authorization: `Bearer ${deviceToken}` } })
      ).json()) as { keys: typeof keys }
    ).keys;
    const database = await openDatabase({ kind: 'postgres', url: postgres.url });
    try {
      const [event] = await database.db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.externalId, 'demo-tonight'));
      tonight = event?.id ?? -1;
    } finally {
      await database.close();
    }
  });

  afterAll(async () => {
    for (const server of Object.values(servers)) if (server) await killHard(server);
    await postgres?.drop();
  });

  it('answers a copy made by one process with a delta or 304 from the other, before and after both restart', async () => {
    const first = await poll(ports.a);
    expect(first.kind).toBe('whole');
    let held: Held = { manifest: (first as { manifest: GateManifest }).manifest, entityTag: first.entityTag };
    const take = (answer: Awaited<ReturnType<typeof poll>>) => {
      expect(answer.kind).toBe('delta');
      const delta = (answer as { delta: GateManifestDelta }).delta;
      expect(delta).toMatchObject({ salt: held.manifest.salt, fromRevision: held.manifest.revision });
      held = {
        manifest: applyManifestDelta(held.manifest, delta) as GateManifest,
        entityTag: answer.entityTag,
      };
    };
    expect((await poll(ports.b, held)).kind).toBe('unchanged');

    await personalize('305000000021');
    take(await poll(ports.b, held));
    expect((await poll(ports.a, held)).kind).toBe('unchanged');

    // A rolling restart of both: the book outlives every process.
    await stop('a');
    await start('a');
    await stop('b');
    await start('b');
    expect((await poll(ports.a, held)).kind).toBe('unchanged');
    await personalize('305000000022');
    take(await poll(ports.a, held));
    expect((await poll(ports.b, held)).kind).toBe('unchanged');
    await personalize('305000000023');
    take(await poll(ports.b, held));
    expect(held.manifest.revision).toBe(3);
  });
});
