/** What an app's `start` returns: its `close` stops it gracefully (the signal's name, when one asked). */
export interface Running {
  close(signal?: string): Promise<void>;
}

/**
 * Runs an app as its own process (each app's main.ts): SIGTERM or SIGINT closes it gracefully, then the
 * process exits 0 (1 when closing failed). A stop asked for while starting (a pod scaled away during the
 * browser's warm-up) waits for the start to finish, then closes as usual: not killed by the signal's
 * default action mid-start (exit 143). The app itself never touches signals or exits, so tests start it
 * in their own process (test/support/stack.ts).
 */
export async function runAsProcess(start: () => Promise<Running>): Promise<void> {
  let stopAsked: string | undefined;
  let onSignal = (signal: string) => {
    stopAsked = signal;
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  const app = await start();
  onSignal = (signal) =>
    void app.close(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  if (stopAsked) onSignal(stopAsked);
}
