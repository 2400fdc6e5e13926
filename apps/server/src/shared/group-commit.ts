/**
 * Group commit: each caller waits for its own item's outcome, and the items that arrive while a
 * batch is being written go together in the next one (one statement and one commit for them all,
 * instead of a round trip and a commit each: bench/README.md). One batch at a time; `write` answers
 * one outcome per item, in order, or throws, and then every item of the batch is refused with it.
 */
export function groupCommit<Item, Outcome>(
  write: (batch: Item[]) => Promise<Outcome[]>,
  maxBatch: number,
): (item: Item) => Promise<Outcome> {
  const waiting: { item: Item; resolve: (outcome: Outcome) => void; reject: (error: unknown) => void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      try {
        const outcomes = await write(batch.map(({ item }) => item));
        batch.forEach(({ resolve }, index) => resolve(outcomes[index] as Outcome));
      } catch (error) {
        for (const { reject } of batch) reject(error);
      }
    }
    writing = false;
  };
  return (item) =>
    new Promise<Outcome>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
