import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  fill,
  fillDeep,
  MissingValue,
  placeholdersDeep,
  placeholdersIn,
  redactDeep,
  redactor,
  teamPlaceholdersAt,
  usesTeamValues,
} from './template.ts';

const values = { vars: { HOST: 'shop.test' }, secrets: { TOKEN: 's3cr3t' }, extracted: { id: '42' } };

test('placeholders name their scope: vars, secrets, or a value extracted earlier', () => {
  assert.deepEqual(placeholdersIn('https://{{vars.HOST}}/x/{{ id }}?t={{secrets.TOKEN}}'), [
    { scope: 'vars', name: 'HOST' },
    { scope: 'extracted', name: 'id' },
    { scope: 'secrets', name: 'TOKEN' },
  ]);
  assert.deepEqual(placeholdersDeep({ a: ['{{x}}', { b: '{{vars.Y}}' }], n: 3 }), [
    { scope: 'extracted', name: 'x' },
    { scope: 'vars', name: 'Y' },
  ]);
  // Not placeholders: a brace pair without a name, a name with a dash, single braces.
  assert.deepEqual(placeholdersIn('{{}} {{a-b}} {x} {{vars.}}'), []);
});

test('fill replaces each placeholder and refuses one without a value, naming it', () => {
  assert.equal(
    fill('Bearer {{secrets.TOKEN}} for {{id}} at {{vars.HOST}}', values),
    'Bearer s3cr3t for 42 at shop.test',
  );
  assert.deepEqual(fillDeep({ h: { a: '{{id}}' }, l: ['{{vars.HOST}}'], n: 1 }, values), {
    h: { a: '42' },
    l: ['shop.test'],
    n: 1,
  });
  assert.throws(
    () => fill('{{vars.NOPE}}', values),
    (e: unknown) => e instanceof MissingValue && /vars.NOPE/.test(e.message),
  );
  assert.throws(() => fill('{{other}}', values), /not extracted by an earlier request/);
  // A value that looks like a placeholder is not filled again.
  assert.equal(fill('{{a}}', { vars: {}, secrets: {}, extracted: { a: '{{b}}' } }), '{{b}}');
});

test('a long text with many braces is read in linear time', () => {
  const text = `${'{{'.repeat(50_000)}${'a'.repeat(50_000)}`;
  assert.deepEqual(placeholdersIn(text), []);
});

test('redaction replaces every secret value, longest first, in strings and keys', () => {
  const redact = redactor(['abc', 'abcdef', '']);
  assert.equal(redact('x abcdef y abc z'), 'x [redacted] y [redacted] z');
  assert.deepEqual(redactDeep({ 'abc-key': ['abcdefg', 1] }, redact), { '[redacted]-key': ['[redacted]g', 1] });
  assert.equal(redactor([])('abc'), 'abc');
});

test('team placeholders come with the path of the string that names them; extracted ones are left out', () => {
  const body = {
    url: 'https://{{vars.HOST}}/',
    headers: { Authorization: 'Bearer {{secrets.TOKEN}}' },
    steps: [{ text: '{{id}}' }],
  };
  assert.deepEqual(teamPlaceholdersAt(body, 'body'), [
    { scope: 'vars', name: 'HOST', path: 'body.url' },
    { scope: 'secrets', name: 'TOKEN', path: 'body.headers.Authorization' },
  ]);
  assert.equal(usesTeamValues(body), true);
  assert.equal(usesTeamValues({ url: 'https://a.test/{{id}}', n: 1 }), false);
});

test('the team values can be filled first, leaving extracted placeholders for later', () => {
  const team = { vars: { HOST: 'shop.test' }, secrets: { TOKEN: 's3cr3t' } };
  assert.equal(fill('{{vars.HOST}}/{{id}}', team, true), 'shop.test/{{id}}');
  assert.deepEqual(fillDeep({ a: ['{{secrets.TOKEN}} {{ id }}'] }, team, true), { a: ['s3cr3t {{ id }}'] });
  assert.throws(() => fill('{{id}}', team), MissingValue);
});
