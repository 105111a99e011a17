/**
 * Lets concurrent requests share one database round trip. Calls made while `inFlight` batches are
 * already running wait and go together in the next one (at most `maxBatch`); a call made when the
 * database is idle runs on the next turn of the event loop, so a lone request waits for nothing.
 * Each caller's promise settles only when its own batch has: a write is answered after it is
 * committed, a read sees what was committed when its batch ran. A failed batch is run again item by
 * item, so a failure reaches only the call whose item caused it.
 *
 * @example
 * const findToken = batcher((ids: string[]) => sql.query('SELECT … WHERE id = ANY($1)', [ids]).then(…));
 * await Promise.all([findToken('tok_a'), findToken('tok_b')]); // one query
 */
export interface BatcherOptions {
  /** Batches running at once (each takes one database connection). */
  inFlight?: number;
  maxBatch?: number;
}

interface Pending<In, Out> {
  item: In;
  resolve: (value: Out) => void;
  reject: (reason: unknown) => void;
}

/** `run` gets the items of one batch and returns one result per item, in order. */
export function batcher<In, Out>(
  run: (items: In[]) => Promise<Out[]>,
  { inFlight = 4, maxBatch = 64 }: BatcherOptions = {},
): (item: In) => Promise<Out> {
  const queue: Pending<In, Out>[] = [];
  let running = 0;
  let scheduled = false;

  const flush = (): void => {
    scheduled = false;
    while (running < inFlight && queue.length) {
      const batch = queue.splice(0, maxBatch);
      running++;
      void settle(batch).finally(() => {
        running--;
        if (queue.length && !scheduled) flush();
      });
    }
  };

  const settle = async (batch: Pending<In, Out>[]): Promise<void> => {
    let results: Out[];
    try {
      results = await run(batch.map((pending) => pending.item));
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      // One bad row must not fail its neighbours (another tenant's requests): each again, alone.
      else await Promise.all(batch.map((pending) => settle([pending])));
      return;
    }
    if (results.length !== batch.length) {
      const error = new Error(`A batch of ${batch.length} gave ${results.length} results.`);
      for (const pending of batch) pending.reject(error);
    } else {
      batch.forEach((pending, index) => pending.resolve(results[index] as Out));
    }
  };

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!scheduled && running < inFlight) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
