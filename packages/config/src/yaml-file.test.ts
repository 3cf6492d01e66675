import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'yaml';
import { readYamlFile } from './yaml-file.ts';

const documents = ['public', 'admin'].map(
  (name) => new URL(`../../../apps/api/src/openapi/${name}.yaml`, import.meta.url),
);

test('the OpenAPI documents read through the cache are exactly what parsing them gives', () => {
  for (const url of documents) {
    const direct = parse(readFileSync(url, 'utf8'));
    assert.deepEqual(readYamlFile(url), direct); // parsed, or read from a cache an earlier run wrote
    assert.deepEqual(readYamlFile(url), direct); // from this process's memory
  }
});

test('each reader gets its own copy: one that changes its document changes nobody else’s', () => {
  const url = documents[0]!;
  const first = readYamlFile(url) as { info: { title: string } };
  first.info.title = 'changed';
  assert.notEqual((readYamlFile(url) as { info: { title: string } }).info.title, 'changed');
});
