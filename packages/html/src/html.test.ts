// The tag pages and reports are built with: what it interpolates is the tested site's words, or a user's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeHtml, html, SafeHtml } from './index.ts';

const HOSTILE = `<script>alert(1)</script>"><img src=x onerror=alert(2)>'&`;

test('html escapes every interpolated value, in text and in attributes, and nests its own output as is', () => {
  const inner = html`<b>${HOSTILE}</b>`;
  const out = html`<p title="${HOSTILE}">${inner}${[HOSTILE, 1, null, undefined, false]}</p>`.value;
  assert.equal(out.match(/&lt;script&gt;/g)?.length, 3);
  assert.ok(out.startsWith('<p title="&lt;script&gt;'));
  assert.ok(out.includes('<b>&lt;script&gt;'));
  assert.ok(out.endsWith('&#39;&amp;1</p>'));
});

test('escapeHtml escapes the five characters that end text or an attribute, and SafeHtml is inserted as is', () => {
  assert.equal(
    escapeHtml(`<a href="x" title='y'>&</a>`),
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
  );
  assert.equal(html`${new SafeHtml('<br>')}${0}${true}`.value, '<br>0true');
  assert.equal(String(html`<i>${'a<b'}</i>`), '<i>a&lt;b</i>');
});
