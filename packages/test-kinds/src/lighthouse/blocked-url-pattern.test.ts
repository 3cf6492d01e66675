import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { matchesPattern } from './blocked-url-pattern.ts';

/** Chromium's reading as a regular expression: pieces in order, starred at both ends. Fine on small inputs. */
const reference = (url: string, pattern: string) =>
  new RegExp(
    pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*'),
    's',
  ).test(url);

const words = (alphabet: string, maxLength: number) => {
  const out = [''];
  for (let i = 0; out[i]!.length < maxLength; i++) for (const c of alphabet) out.push(out[i] + c);
  return out;
};

test('every pattern over {a, b, *} up to 6 characters agrees with the reference on every URL over {a, b} up to 7', () => {
  const urls = words('ab', 7);
  for (const pattern of words('ab*', 6)) {
    for (const url of urls) assert.equal(matchesPattern(url, pattern), reference(url, pattern), `${pattern} on ${url}`);
  }
});

test("Chromium's reading: unanchored pieces in order, regex characters literal", () => {
  const cases: Array<[string, string, boolean]> = [
    ['https://cdn.example/app.js?v=3', '*.js', true],
    ['https://cdn.example/app.js?v=3', 'cdn.example', true],
    ['https://cdn.example/app.js?v=3', 'https://cdn.example/*', true],
    ['https://cdn.example/app.js', 'https://*/*.js', true],
    ['https://cdn.example/app.css', '*.js', false],
    ['https://cdn.example/a', 'a*a*a*a', false],
    ['https://cdn.example/(a)', '(a)', true],
    ['https://x.test/axb', 'a.*b', false],
    ['https://cdn.example/', '*', true],
  ];
  for (const [url, pattern, expected] of cases)
    assert.equal(matchesPattern(url, pattern), expected, `${pattern} on ${url}`);
});

test('hostile patterns on long URLs finish (in a thread, so a backtracking matcher fails instead of hanging)', async () => {
  // The worst the API admits (50 patterns of 1,024 characters) against URLs a page chooses. Against a
  // regular expression built from the pattern, one of these alone takes hours.
  const moduleUrl = new URL('./blocked-url-pattern.ts', import.meta.url).href;
  const script = `
    const { parentPort } = require('node:worker_threads');
    import(${JSON.stringify(moduleUrl)}).then(({ matchesPattern }) => {
      const patterns = [
        '*a'.repeat(511) + 'b',
        '*'.repeat(1023) + 'b',
        ('*' + 'a'.repeat(30)).repeat(33).slice(0, 1023) + 'b',
        'a'.repeat(1023) + 'b',
      ];
      const urls = ['https://x.example/' + 'a'.repeat(100_000), 'https://x.example/?' + 'a'.repeat(2_000_000)];
      let matched = 0;
      for (let i = 0; i < 50; i++) for (const url of urls) if (matchesPattern(url, patterns[i % patterns.length])) matched++;
      parentPort.postMessage(matched);
    });`;
  const worker = new Worker(script, { eval: true });
  const deadline = setTimeout(() => worker.terminate(), 20_000);
  const matched = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the matcher did not finish within 20 s')));
  });
  clearTimeout(deadline);
  await worker.terminate();
  assert.equal(matched, 0, 'none of them match: every one ends in a b the URLs lack');
});
