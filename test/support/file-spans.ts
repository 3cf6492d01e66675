// A test reporter (`node --test --test-reporter=…`): after the run, each test file's time, longest first,
// and how full the runner's slots were: where to look when the suite grows long.
//
// A file's time is its process's life (start to exit, set-up included), which createTestEnv writes to
// PAGEPROBE_TEST_SPANS: the runner's own events cannot say when a file ran, because it reports a file's
// tests only once the files before it have finished. A file that makes no test env (or a run without
// run.ts) falls back to those events: from its first reported test's start to its last one's end.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface Event {
  type: string;
  data?: { file?: string; nesting?: number; details?: { duration_ms?: number } };
}

interface Span {
  start: number;
  end: number;
  /** CPU seconds of the file's process and the processes it reaped (createTestEnv); unknown otherwise. */
  cpu?: number | null;
}

/** Each file's process life (epoch ms), as its createTestEnv recorded it. */
function processSpans(path = process.env.PAGEPROBE_TEST_SPANS): Map<string, Span> {
  const spans = new Map<string, Span>();
  if (!path || !existsSync(path)) return spans;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    // A diagnostic: a line it cannot read is left out, never a failed run.
    try {
      const { file, start, end, cpu } = JSON.parse(line) as { file: string } & Span;
      if (Number.isFinite(start) && Number.isFinite(end)) spans.set(basename(file), { start, end, cpu });
    } catch {}
  }
  return spans;
}

export default async function* fileSpans(source: AsyncIterable<Event>): AsyncGenerator<string> {
  const reported = new Map<string, Span>();
  for await (const event of source) {
    const { file, nesting, details } = event.data ?? {};
    // Only a top-level test's end says when it ran: files are announced all at once at the start.
    if (!file || nesting !== 0 || (event.type !== 'test:pass' && event.type !== 'test:fail')) continue;
    const end = Date.now();
    const start = end - (details?.duration_ms ?? 0);
    const name = basename(file);
    const span = reported.get(name);
    reported.set(name, span ? { start: Math.min(span.start, start), end } : { start, end });
  }
  yield* spansTable(reported, processSpans());
}

/**
 * What test/run.ts prints once the runner has exited: --test-force-exit ends the runner before a
 * reporter's last words, so the table cannot come from the reporter there.
 */
export function printFileSpans(path: string): void {
  for (const line of spansTable(new Map(), processSpans(path))) process.stdout.write(line);
}

function* spansTable(reported: Map<string, Span>, lived: Map<string, Span>): Generator<string> {
  if (reported.size === 0 && lived.size === 0) return;
  const rows = [...new Set([...reported.keys(), ...lived.keys()])].map((file) => {
    const span = (lived.get(file) ?? reported.get(file))!;
    return { file, span, measured: lived.has(file) };
  });
  rows.sort((a, b) => b.span.end - b.span.start - (a.span.end - a.span.start));
  yield '\ntest files, longest first (seconds from the process start to its exit; * from the first test to the last),\n';
  yield 'and the CPU seconds of the file and the processes it started (its apps, Chromium):\n';
  for (const { file, span, measured } of rows) {
    const cpu = span.cpu == null ? '' : span.cpu.toFixed(1);
    yield `${((span.end - span.start) / 1000).toFixed(0).padStart(6)}${measured ? ' ' : '*'} ${cpu.padStart(6)}  ${file}\n`;
  }
  if (lived.size > 0) {
    const spans = [...lived.values()];
    const busy = spans.reduce((sum, s) => sum + s.end - s.start, 0) / 1000;
    const wall = (Math.max(...spans.map((s) => s.end)) - Math.min(...spans.map((s) => s.start))) / 1000;
    const cpu = spans.reduce((sum, s) => sum + (s.cpu ?? 0), 0);
    yield `${busy.toFixed(0).padStart(6)}  s of file processes in ${wall.toFixed(0)} s from the first start to the last exit, ${cpu.toFixed(0)} CPU s\n`;
  }
}
