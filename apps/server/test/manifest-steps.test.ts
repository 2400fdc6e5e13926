import { describe, expect, it } from 'vitest';
import { inSteps } from '../src/features/gate/manifest/manifest-book.service';

describe("a fixture's reading in steps", () => {
  it('lets the process answer other requests between two steps of a book', async () => {
    const order: string[] = [];
    function* book() {
      order.push('step 1');
      yield;
      order.push('step 2');
      yield;
      order.push('step 3');
      return 'built';
    }
    // A request that arrived while the book was being built: answered before the book is done.
    setImmediate(() => order.push('other request'));
    await expect(inSteps(book())).resolves.toBe('built');
    expect(order).toEqual(['step 1', 'other request', 'step 2', 'step 3']);
  });
});
