// A test reporter (`node --test --test-reporter=…`): after the run, each test file's time, longest first:
// where to look when the suite grows long. A file's span runs from the start of its first test to the end
// of its last; what the file does before its first test (starting servers, apps, a browser's warm-up) is
// shown apart, from its process's start, which createTestEnv writes to PAGEPROBE_TEST_STARTS.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface Event {
  type: string;
  data?: { file?: string; nesting?: number; details?: { duration_ms?: number } };
}

/** Each file's process start (epoch ms), as its createTestEnv recorded it; none when run without run.ts. */
function processStarts(): Map<string, number> {
  const path = process.env.PAGEPROBE_TEST_STARTS;
  if (!path || !existsSync(path)) return new Map();
  const starts = new Map<string, number>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    // A diagnostic: a line it cannot read is left out, never a failed run.
    try {
      const { file, at } = JSON.parse(line) as { file: string; at: number };
      starts.set(basename(file), at);
    } catch {}
  }
  return starts;
}

export default async function* fileSpans(source: AsyncIterable<Event>): AsyncGenerator<string> {
  const spans = new Map<string, { first: number; last: number }>();
  for await (const event of source) {
    const { file, nesting, details } = event.data ?? {};
    // Only a top-level test's end says when it ran: files are announced all at once at the start.
    if (!file || nesting !== 0 || (event.type !== 'test:pass' && event.type !== 'test:fail')) continue;
    const now = Date.now();
    const started = now - (details?.duration_ms ?? 0);
    const span = spans.get(file);
    if (span) {
      span.first = Math.min(span.first, started);
      span.last = now;
    } else spans.set(file, { first: started, last: now });
  }
  const starts = processStarts();
  const rows = [...spans].map(([path, s]) => {
    const file = basename(path);
    const start = starts.get(file);
    return {
      file,
      seconds: (s.last - s.first) / 1000,
      before: start === undefined ? null : Math.max(0, (s.first - start) / 1000),
    };
  });
  rows.sort((a, b) => b.seconds + (b.before ?? 0) - (a.seconds + (a.before ?? 0)));
  const setUp = rows.reduce((sum, r) => sum + (r.before ?? 0), 0);
  yield "\ntest files, longest first (seconds from the start of the first test to the end of the last; then, where known, from the file's process start to its first test):\n";
  for (const row of rows)
    yield `${row.seconds.toFixed(0).padStart(6)}  ${row.before === null ? '     ' : `+${row.before.toFixed(0).padStart(4)}`}  ${row.file}\n`;
  if (starts.size) yield `${setUp.toFixed(0).padStart(6)}  s before first tests, all files together\n`;
}
