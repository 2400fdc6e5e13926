import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../src/db/schema';
import { loginAs } from './support/login';
import { engines, useTestServer } from './support/test-server';

const CITIZEN = '100000040';

describe.each(engines)('a session falling due its touch on %s', (engine) => {
  const server = useTestServer(engine);

  it("is read and touched once for all of a person's requests arriving together", async () => {
    const { cookie } = await loginAs(server.baseUrl, CITIZEN);
    const me = () => fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie } });
    expect((await me()).status).toBe(200);
    // Last seen two minutes ago (due a touch), and no longer kept by the server.
    await server.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.afm, CITIZEN));
    server.app.sessions.onMessage('*');

    const update = vi.spyOn(server.database.db, 'update');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => me()));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ taxid: string }>));
      expect(new Set(bodies.map((body) => body.taxid))).toEqual(new Set([CITIZEN]));
      expect(update.mock.calls.filter(([table]) => table === sessions)).toHaveLength(1);
    } finally {
      update.mockRestore();
    }
    const [row] = await server.database.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.afm, CITIZEN));
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
  });
});
