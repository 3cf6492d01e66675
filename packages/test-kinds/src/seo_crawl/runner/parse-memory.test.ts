// Its own file, so its own process: the measurement sees this parse and nothing else's memory.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { PageParser, PARSE_MEMORY_BOUND_MIB } from './page-parser.ts';

const parser = new PageParser();
after(() => parser.close());
const statusMiB = (field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

test('the 80,000-link page grows the process by less than the parse’s stated memory bound', async () => {
  const html = `<!doctype html><html lang="en"><head><title>Links</title></head><body>${Array.from(
    { length: 80_000 },
    (_, i) => `<a href="/p/${i}">page ${i}</a>`,
  ).join('')}</body></html>`;
  // The thread is started first: its start-up is paid once per worker process, not per page.
  await parser.parse('<a href="/">home</a>', 'https://example.com/');
  const before = statusMiB('VmRSS');
  // Resets the peak resident size (VmHWM) to the current one (Linux, proc(5) clear_refs).
  writeFileSync('/proc/self/clear_refs', '5');
  const facts = await parser.parse(html, 'https://example.com/');
  const grewMiB = statusMiB('VmHWM') - before;
  assert.equal(facts.links.length, 80_000);
  // 50-60 MiB measured; the cheerio tree it replaced took about 260 MiB.
  assert.ok(grewMiB < PARSE_MEMORY_BOUND_MIB, `the parse grew the process by ${Math.round(grewMiB)} MiB`);
});
