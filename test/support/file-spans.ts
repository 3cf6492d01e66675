// A test reporter (`node --test --test-reporter=…`): after the run, each test file's span, from its first
// event to its last, longest first. The runner starts the longest files first (run.ts), and this is
// where their lengths are read when that order needs updating.
import { basename } from 'node:path';

interface Event {
  type: string;
  data?: { file?: string };
}

export default async function* fileSpans(source: AsyncIterable<Event>): AsyncGenerator<string> {
  const spans = new Map<string, { first: number; last: number }>();
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    const now = performance.now();
    const span = spans.get(file);
    if (span) span.last = now;
    else spans.set(file, { first: now, last: now });
  }
  const rows = [...spans].map(([file, s]) => ({ file: basename(file), seconds: (s.last - s.first) / 1000 }));
  rows.sort((a, b) => b.seconds - a.seconds);
  yield '\ntest files, longest first (seconds from first to last event):\n';
  for (const row of rows) yield `${row.seconds.toFixed(0).padStart(6)}  ${row.file}\n`;
}
