/**
 * An app's log lines as they come (a child's pipes, or an in-process app's log destination), kept for
 * its output, and a line awaited: `waitFor` resolves with the first line matching, seen already or to
 * come, or rejects after `timeoutMs` (or when `ended` settles first: a process that exited) with the
 * lines so far. One watcher for both ways an app runs in a test.
 */
export function lineWatcher(name: string, verb = 'logged') {
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const output = () => lines.join('\n');
  return {
    output,
    /** Takes one line (empty ones are skipped). */
    add(line: string) {
      if (!line) return;
      lines.push(line);
      for (const w of waiters) if (w.pattern.test(line)) w.resolve(line);
    },
    waitFor(pattern: RegExp, timeoutMs: number, ended?: { promise: Promise<unknown>; why: () => string }) {
      const seen = lines.find((l) => pattern.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise<string>((resolve, reject) => {
        const waiter = {
          pattern,
          resolve: (line: string) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(line);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${name} ${verb} nothing matching ${pattern} in ${timeoutMs} ms:\n${output()}`));
        }, timeoutMs);
        waiters.add(waiter);
        void ended?.promise.then(() => {
          if (!waiters.has(waiter)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          reject(new Error(`${name} ${ended.why()}:\n${output()}`));
        });
      });
    },
  };
}
