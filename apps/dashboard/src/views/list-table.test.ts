import assert from 'node:assert/strict';
import { test } from 'node:test';
import { html } from '@pageprobe/html';
import { listTable } from './list-table.ts';

const columns = [{ head: 'Name' }, { head: 'Uptime', num: true }, { head: 'Remove', hidden: true }];

test("each cell carries its column's name, but a row's actions; the head keeps scope and num", () => {
  const out = String(listTable('Things', columns, [['shop', '99.9 %', html`<button>Remove</button>`]]));
  assert.match(
    out,
    /^<div class="scroll" role="region" tabindex="0" aria-label="Things"><table class="cards"><thead><tr><th scope="col">Name<\/th><th scope="col" class="num">Uptime<\/th><th scope="col"><span class="visually-hidden">Remove<\/span><\/th><\/tr><\/thead><tbody>/,
  );
  assert.match(
    out,
    /<tr><td data-label="Name">shop<\/td><td class="num" data-label="Uptime">99.9 %<\/td><td><button>Remove<\/button><\/td><\/tr>/,
  );
});

test("a row's attributes, a cell's id and classes, and the table's own classes and attributes are kept", () => {
  const out = String(
    listTable(
      'Keys',
      columns,
      [
        {
          attrs: html`data-id="k1"`,
          cells: [{ content: 'laptop', id: 'key-k1', cls: 'url' }, { content: 3, cls: 'up' }, ''],
        },
      ],
      'keys',
      html`aria-label="Your keys"`,
    ),
  );
  assert.match(out, /<table class="cards keys" aria-label="Your keys">/);
  assert.match(
    out,
    /<tr data-id="k1"><td id="key-k1" class="url" data-label="Name">laptop<\/td><td class="num up" data-label="Uptime">3<\/td><td><\/td><\/tr>/,
  );
});

test('a column name and a value are escaped', () => {
  const out = String(listTable('A "list"', [{ head: 'A <b>' }], [['<i>']]));
  assert.match(out, /aria-label="A &quot;list&quot;"/);
  assert.match(out, /<td data-label="A &lt;b&gt;">&lt;i&gt;<\/td>/);
});
