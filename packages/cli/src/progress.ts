import type { Test } from '@pageprobe/client';

/**
 * What a waiting person sees. On a terminal: one line rewritten in place (state and elapsed time,
 * ticking every second). Piped or in CI: a plain line each time the state changes.
 */
export function progressReporter(stream: NodeJS.WriteStream, label: string) {
  const started = Date.now();
  let state = 'queued';
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  if (!stream.isTTY) {
    stream.write(`${label}: ${state}\n`);
    return {
      update(test: Test) {
        if (test.status === state) return;
        state = test.status;
        stream.write(`${label}: ${state} after ${seconds()} s\n`);
      },
      done() {},
    };
  }
  const draw = () => stream.write(`\r\x1b[2K${label}: ${state} ${seconds()} s`);
  const timer = setInterval(draw, 1000);
  draw();
  return {
    update(test: Test) {
      state = test.status;
      draw();
    },
    done() {
      clearInterval(timer);
      draw();
      stream.write('\n');
    },
  };
}
