// A test reporter (`node --test --test-reporter=…`): after the run, each test file's span, from the start
// of its first test to the end of its last (what the file does before its first test is not in it),
// longest first: where to look when the suite grows long.
import { basename } from 'node:path';

interface Event {
  type: string;
  data?: { file?: string; nesting?: number; details?: { duration_ms?: number } };
}

export default async function* fileSpans(source: AsyncIterable<Event>): AsyncGenerator<string> {
  const spans = new Map<string, { first: number; last: number }>();
  for await (const event of source) {
    const { file, nesting, details } = event.data ?? {};
    // Only a top-level test's end says when it ran: files are announced all at once at the start.
    if (!file || nesting !== 0 || (event.type !== 'test:pass' && event.type !== 'test:fail')) continue;
    const now = performance.now();
    const started = now - (details?.duration_ms ?? 0);
    const span = spans.get(file);
    if (span) {
      span.first = Math.min(span.first, started);
      span.last = now;
    } else spans.set(file, { first: started, last: now });
  }
  const rows = [...spans].map(([file, s]) => ({ file: basename(file), seconds: (s.last - s.first) / 1000 }));
  rows.sort((a, b) => b.seconds - a.seconds);
  yield '\ntest files, longest first (seconds from the start of the first test to the end of the last):\n';
  for (const row of rows) yield `${row.seconds.toFixed(0).padStart(6)}  ${row.file}\n`;
}
