import DataLoader from 'dataloader';

/**
 * One statement for the calls made in one turn of the event loop (calls arrive in separate I/O
 * callbacks: a request each, a job each), instead of a round trip each: at tens of calls at once
 * PostgreSQL then sees a few statements a turn, each one socket write and one wake-up (issue 19's
 * profiles: the largest single cost of the dispatcher and of GET /tests/{id}). A call alone pays
 * nothing extra. `run` answers the keys in order. If the batch's statement fails (one bad key), each
 * key runs alone, so one key's error is only its own.
 */
export function batchedStatement<K, V>(run: (keys: readonly K[]) => Promise<V[]>): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(
    async (keys) => {
      try {
        return await run(keys);
      } catch (error) {
        if (keys.length === 1) return [error instanceof Error ? error : new Error(String(error))];
        return Promise.all(
          keys.map((key) =>
            run([key]).then(
              ([value]) => value as V,
              (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
            ),
          ),
        );
      }
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return (key) => loader.load(key);
}
