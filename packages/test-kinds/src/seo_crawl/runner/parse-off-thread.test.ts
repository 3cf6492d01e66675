import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { PageNotParsed, PageParser, PARSER_HEAP } from './page-parser.ts';
import { parsePage } from './parse-page.ts';

const parser = new PageParser();
after(() => parser.close());

const manyLinks = (n: number) =>
  `<!doctype html><html><head><title>links</title></head><body>${Array.from(
    { length: n },
    (_, i) => `<a href="/p/${i}">page ${i}</a>`,
  ).join('')}</body></html>`;

test('a page parsed on the thread gives the same facts as on the main thread', async () => {
  const html = `<html lang="en"><head><title>T</title><meta name="description" content="d"></head><body><h1>H</h1><a href="/x">x</a><img src="a.png"></body></html>`;
  assert.deepEqual(await parser.parse(html, 'https://example.com/'), parsePage(html, 'https://example.com/'));
});

test('80,000 links are parsed while the event loop keeps turning', async () => {
  const html = manyLinks(80_000);
  // The longest gap between ticks of a 10 ms interval: how long the loop could not turn.
  let last = performance.now();
  let worstMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    worstMs = Math.max(worstMs, now - last);
    last = now;
  }, 10);
  const facts = await parser.parse(html, 'https://example.com/');
  clearInterval(ticker);
  assert.equal(facts.links.length, 80_000);
  // On the main thread this page blocks the loop for 2-3 s; here the loop only waits for the message
  // that carries the result back.
  assert.ok(worstMs < 1_000, `the event loop stalled ${Math.round(worstMs)} ms`);
});

test('pages sent at once each get their own answer', async () => {
  const answers = await Promise.all([1, 2, 3, 4].map((n) => parser.parse(manyLinks(n), `https://example.com/${n}`)));
  assert.deepEqual(
    answers.map((f) => f.links.length),
    [1, 2, 3, 4],
  );
});

test('a page that takes too long to parse is given up and the next page gets a fresh thread', async () => {
  const slow = new PageParser({ timeoutMs: 500 });
  after(() => slow.close());
  // Quadratic in depth for the tokenizer's stack of open elements: seconds for 100,000 nested elements.
  const nested = `<html><body>${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}</body></html>`;
  // Given up by its time limit (the error says so), not parsed to the end: no wall-clock bound here, which a
  // loaded machine broke (5.6 s in CI, 2026-11-29).
  await assert.rejects(
    slow.parse(nested, 'https://example.com/'),
    (error) => error instanceof PageNotParsed && /took longer than 0.5 s/.test(error.message),
  );
  assert.equal((await slow.parse(manyLinks(3), 'https://example.com/')).links.length, 3);
});

test('a page past the parse thread’s heap is not parsed, says so, and the pages queued behind it are', async () => {
  // 3.7 MiB, under the body cap, but 200,000 links each resolved against a long URL to a 230-byte one.
  const links = `<body>${Array.from({ length: 200_000 }, (_, i) => `<a href=?${i}></a>`).join('')}`;
  const [big, next] = await Promise.allSettled([
    parser.parse(links, `https://example.com/${'long-path/'.repeat(20)}`),
    parser.parse(manyLinks(2), 'https://example.com/'),
  ]);
  assert.equal(big.status, 'rejected');
  assert.ok(big.reason instanceof PageNotParsed, String(big.reason));
  assert.equal(
    big.reason.message,
    `not parsed: needs more than the parser's ${PARSER_HEAP.maxOldGenerationSizeMb} MiB heap`,
  );
  assert.equal(next.status === 'fulfilled' && next.value.links.length, 2);
});
