import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OTHER_GROUP } from './dimensions.ts';
import { compileGroups, groupOf, groupOfCompiled, matchesPieces, patternProblem } from './page-groups.ts';

const groups = [
  { name: 'home', pattern: '/' },
  { name: 'reviews', pattern: '/products/*/reviews' },
  { name: 'products', pattern: '/products/*' },
  { name: 'blog', pattern: '/blog/*' },
  { name: 'docs', pattern: '/docs*' },
];

test('the first group whose glob matches names the path, else other', () => {
  assert.equal(groupOf('/', groups), 'home');
  assert.equal(groupOf('/products/42/reviews', groups), 'reviews');
  assert.equal(groupOf('/products/42', groups), 'products');
  assert.equal(groupOf('/products/42/reviews/extra', groups), 'products');
  assert.equal(groupOf('/blog/a/b/c', groups), 'blog');
  assert.equal(groupOf('/blog', groups), OTHER_GROUP);
  assert.equal(groupOf('/docs', groups), 'docs');
  assert.equal(groupOf('/docs/api', groups), 'docs');
  assert.equal(groupOf('/about', groups), OTHER_GROUP);
  assert.equal(groupOf('/x', []), OTHER_GROUP);
});

test('a star matches any run, empty too; pieces must not overlap', () => {
  assert.ok(matchesPieces('/a/b', '/a/*b'.split('*')));
  assert.ok(matchesPieces('/a/xyzb', '/a/*b'.split('*')));
  assert.ok(!matchesPieces('/ab', '/ab*ab'.split('*')), 'prefix and suffix cannot share characters');
  assert.ok(matchesPieces('/abab', '/ab*ab'.split('*')));
  assert.ok(matchesPieces('/x/1/y/2/z', '/x/*/y/*/z'.split('*')));
  assert.ok(!matchesPieces('/x/1/z/2/y', '/x/*/y/*/z'.split('*')));
  assert.ok(matchesPieces('/anything', '*'.split('*')));
  assert.ok(matchesPieces('/a*b', '/a*b'.split('*')), 'a literal star in a path is just a character');
});

test('compiled groups give the same names', () => {
  const compiled = compileGroups(groups);
  for (const path of ['/', '/products/1/reviews', '/products/', '/blog/x', '/docs', '/nope']) {
    assert.equal(groupOfCompiled(path, compiled), groupOf(path, groups), path);
  }
});

test('regular-expression syntax in a pattern is matched literally', () => {
  assert.equal(groupOf('/a.b', [{ name: 'dot', pattern: '/a.b' }]), 'dot');
  assert.equal(groupOf('/axb', [{ name: 'dot', pattern: '/a.b' }]), OTHER_GROUP);
  assert.equal(groupOf('/(x)+', [{ name: 'p', pattern: '/(x)+' }]), 'p');
});

test('a hostile path and pattern stay linear: many stars against a long near-miss', () => {
  const pattern = `/${'a*'.repeat(90)}c*b`;
  const path = `/${'a'.repeat(100_000)}b`;
  // A backtracking matcher takes exponential time on this; the piece-by-piece one reads it once per piece.
  assert.equal(groupOf(path, [{ name: 'x', pattern }]), OTHER_GROUP);
});

test('patterns are paths: refused with the reason', () => {
  assert.equal(patternProblem('/blog/*'), null);
  assert.equal(patternProblem('/'), null);
  assert.match(patternProblem('blog/*')!, /starting with \//);
  assert.match(patternProblem('/a?b=1')!, /without spaces/);
  assert.match(patternProblem('/a b')!, /without spaces/);
  assert.match(patternProblem('/a/**')!, /\*\*/);
  assert.match(patternProblem('')!, /empty/);
  assert.match(patternProblem(`/${'a'.repeat(300)}`)!, /longer/);
});
