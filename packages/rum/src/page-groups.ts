import { OTHER_GROUP } from './dimensions.ts';

// A site's page groups (issue 61): [{name, pattern}], each pattern a path glob where `*` stands for any
// run of characters (`/blog/*`, `/products/*/reviews`). The ingest names every page view's group with
// these, so matching is linear in the path and never a RegExp built from what a team typed: a glob is cut
// at its stars once (compileGroups), and a path is matched piece by piece, the leftmost fit of each
// middle piece being as good as any (the classic greedy wildcard match, no backtracking past a star).

export interface PageGroup {
  name: string;
  pattern: string;
}

// A pattern cut at its stars (`/products/*/reviews`: ['/products/', '/reviews']): prefix, middles in order, suffix.
export interface CompiledGroup {
  name: string;
  pieces: string[];
}

/** Page groups a site may have. */
export const MAX_PAGE_GROUPS = 50;
/** A pattern's length, and a group name's. */
export const MAX_PATTERN_CHARS = 200;
export const MAX_GROUP_NAME_CHARS = 60;

export const compileGroups = (groups: ReadonlyArray<PageGroup>): CompiledGroup[] =>
  groups.map((g) => ({ name: g.name, pieces: g.pattern.split('*') }));

/** Whether `path` matches the glob cut into `pieces` (one piece: no star, the whole path). */
export function matchesPieces(path: string, pieces: ReadonlyArray<string>): boolean {
  if (pieces.length === 1) return path === pieces[0];
  const first = pieces[0]!;
  const last = pieces.at(-1)!;
  if (path.length < first.length + last.length) return false;
  if (!path.startsWith(first) || !path.endsWith(last)) return false;
  let at = first.length;
  const end = path.length - last.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i]!;
    if (piece === '') continue;
    // indexOf is linear in practice here: the pieces are short (MAX_PATTERN_CHARS) and each search starts
    // where the one before ended, so a path is read about once per piece.
    const found = path.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}

/** The name of the first group whose pattern matches the path, else OTHER_GROUP. */
export function groupOfCompiled(path: string, groups: ReadonlyArray<CompiledGroup>): string {
  for (const g of groups) if (matchesPieces(path, g.pieces)) return g.name;
  return OTHER_GROUP;
}

/** The name of the first group whose pattern matches the path, else OTHER_GROUP ("other"). */
export function groupOf(path: string, groups: Array<{ name: string; pattern: string }>): string {
  for (const g of groups) if (matchesPieces(path, g.pattern.split('*'))) return g.name;
  return OTHER_GROUP;
}

/**
 * Why a pattern is refused, or null: a path glob starts with `/`, is at most MAX_PATTERN_CHARS, holds no
 * query, fragment, space or control character, and no `**` (one star already takes any run).
 */
export function patternProblem(pattern: string): string | null {
  if (typeof pattern !== 'string' || pattern.length === 0) return 'is empty';
  if (pattern.length > MAX_PATTERN_CHARS) return `is longer than ${MAX_PATTERN_CHARS} characters`;
  if (!pattern.startsWith('/')) return 'must be a path starting with / (such as /blog/*)';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\s\u0000-\u001f\u007f?#]/.test(pattern)) return 'must be a path without spaces, ? or #';
  if (pattern.includes('**')) return 'has ** (one * already matches any run of characters)';
  return null;
}
