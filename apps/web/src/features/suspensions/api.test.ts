import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { athensDayOf } from '@tickets/domain';
import { addSuspension, precheckSuspension, type PersonFields } from './api';

const person: PersonFields = {
  afm: '100000039',
  amka: '',
  documentId: '',
  firstName: '',
  fathersName: '',
  lastName: '',
  dateOfBirth: '',
};

describe('the suspension end date sent to the server', () => {
  // A browser far west of Athens: its own end of day is the next morning there.
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    process.env.TZ = saved;
    vi.unstubAllGlobals();
  });

  it.each([
    ['pre-check', precheckSuspension],
    ['add', addSuspension],
  ])('lands on the chosen Athens day (%s)', async (_name, send) => {
    const fetchMock = vi.fn(async () => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    for (const day of ['2027-01-15', '2027-07-15']) {
      await send({ ...person, endDate: day });
      const [, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
      const { endDate } = JSON.parse(init.body as string) as { endDate: string };
      expect(athensDayOf(endDate)).toBe(day);
      expect(endDate).toMatch(/T23:59:59\.999\+0[23]:00$/);
    }
  });
});
