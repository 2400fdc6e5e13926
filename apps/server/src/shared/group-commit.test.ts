import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

/** A write that is held until released, so the test decides what arrives while it is under way. */
function heldWrites() {
  const batches: number[][] = [];
  const releases: ((fail?: Error) => void)[] = [];
  const write = (batch: number[]) => {
    batches.push(batch);
    return new Promise<string[]>((resolve, reject) => {
      releases.push((fail) => (fail ? reject(fail) : resolve(batch.map((item) => `done ${item}`))));
    });
  };
  return { batches, release: (fail?: Error) => releases.shift()?.(fail), write };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('groupCommit', () => {
  it('writes at once when idle, then together everything that arrived meanwhile, each caller given its own outcome', async () => {
    const { batches, release, write } = heldWrites();
    const commit = groupCommit(write, 10);
    const first = commit(1);
    const rest = [commit(2), commit(3), commit(4)];
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe('done 1');
    await settled();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    release();
    expect(await Promise.all(rest)).toEqual(['done 2', 'done 3', 'done 4']);
  });

  it('writes at most the given number at a time', async () => {
    const { batches, release, write } = heldWrites();
    const commit = groupCommit(write, 2);
    const all = [1, 2, 3, 4, 5].map((item) => commit(item));
    for (let round = 0; round < 3; round += 1) {
      release();
      await settled();
    }
    expect(await Promise.all(all)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('refuses every item of a failed batch with its error, and goes on with the next', async () => {
    const { release, write } = heldWrites();
    const commit = groupCommit(write, 10);
    const first = commit(1);
    const failing = [commit(2), commit(3)];
    release();
    await first;
    await settled();
    release(new Error('the database refused'));
    for (const item of failing) await expect(item).rejects.toThrow('the database refused');
    const after = commit(4);
    release();
    expect(await after).toBe('done 4');
  });
});
