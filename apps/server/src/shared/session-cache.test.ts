import { describe, expect, it } from 'vitest';
import { SessionCache, type KeptSession } from './session-cache';

const row = (afm: string): KeptSession => ({
  afm,
  firstName: 'Α',
  lastName: 'Β',
  lastSeenAt: new Date(),
  expiresAt: new Date(Date.now() + 3_600_000),
  officerActive: null,
  organisationId: null,
});

const listening = (maxEntries?: number) => {
  const cache = new SessionCache(maxEntries);
  cache.onListening(true);
  return cache;
};

/** Keeps a session read from the database as a request would: the read begins, then it lands. */
const readAndKeep = (cache: SessionCache, idHash: string, during?: () => void) => {
  const began = cache.readBegins();
  during?.();
  cache.keep(idHash, row(idHash), began);
};

describe('the session cache', () => {
  it('keeps a session read while it hears every change', () => {
    const cache = listening();
    readAndKeep(cache, 'a');
    expect(cache.get('a')?.afm).toBe('a');
  });

  it('keeps nothing, and answers nothing kept, while it does not hear the changes', () => {
    const cache = new SessionCache();
    readAndKeep(cache, 'a');
    expect(cache.get('a')).toBeUndefined();
    cache.onListening(true);
    readAndKeep(cache, 'a');
    cache.onListening(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a read that a change overtook: it may hold what the change undid', () => {
    const cache = listening();
    readAndKeep(cache, 'a', () => cache.onMessage('a'));
    readAndKeep(cache, 'b', () => cache.onMessage('*'));
    readAndKeep(cache, 'c', () => cache.forget('c'));
    readAndKeep(cache, 'd', () => {
      cache.onListening(false);
      cache.onListening(true);
    });
    for (const idHash of ['a', 'b', 'c', 'd']) expect(cache.get(idHash), idHash).toBeUndefined();
  });

  it('drops the session a change names, every session on `*`, and one its own process ends', () => {
    const cache = listening();
    for (const idHash of ['a', 'b', 'c']) readAndKeep(cache, idHash);
    cache.onMessage('a');
    expect([cache.get('a'), cache.get('b')?.afm]).toEqual([undefined, 'b']);
    cache.forget('b');
    expect(cache.get('b')).toBeUndefined();
    cache.onMessage('*');
    expect(cache.get('c')).toBeUndefined();
  });

  it('holds at most its limit, dropping the oldest first', () => {
    const cache = listening(2);
    for (const idHash of ['a', 'b', 'c']) readAndKeep(cache, idHash);
    expect(['a', 'b', 'c'].map((idHash) => cache.get(idHash)?.afm)).toEqual([undefined, 'b', 'c']);
  });
});
