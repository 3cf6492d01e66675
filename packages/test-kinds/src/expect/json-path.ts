import parseJsonPath from 'jsonpath-rfc9535/parser';
import { MAX_JSON_PATH } from './expectation.ts';

// RFC 9535's match() and search() run a regular expression that the path's author, or the target's own
// body (`search(@.a, @.b)`), chooses, and jsonpath-rfc9535 runs it on V8's backtracking RegExp with no
// way to give it another engine: `$[?search(@, '^(a+)+$')]` against 30 a's and a ! takes seconds, and
// doubles with each a. So a path calls only the functions listed here, none of which runs a pattern;
// `matches` (RE2) on the selected value is the way to test a value against one.

/** The RFC 9535 functions a path may call: none runs a regular expression. */
const FUNCTIONS = ['count', 'length', 'value'];

type Node = { type?: string; name?: string } | Node[] | null;

/** The first function the parsed path calls that is not listed, if any. */
function refusedFunction(node: unknown): string | null {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = refusedFunction(child);
      if (found) return found;
    }
    return null;
  }
  if (typeof node !== 'object' || node === null) return null;
  const { type, name } = node as Exclude<Node, Node[] | null>;
  if (type === 'FunctionExpr' && !FUNCTIONS.includes(name!)) return name!;
  for (const child of Object.values(node)) {
    const found = refusedFunction(child);
    if (found) return found;
  }
  return null;
}

/**
 * Null when `path` is a JSONPath a check evaluates; else what is wrong with it. Checked when an expectation
 * is written, and again before one is evaluated (one saved before a function was refused is not run).
 */
export function jsonPathProblem(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('$')) return 'must be a JSONPath starting with $ (e.g. $.status)';
  if (path.length > MAX_JSON_PATH) return `must be at most ${MAX_JSON_PATH} characters`;
  let parsed: unknown;
  try {
    parsed = parseJsonPath(path);
  } catch (error) {
    return `is not a JSONPath (RFC 9535): ${(error as Error).message}`;
  }
  const called = refusedFunction(parsed);
  if (called === null) return null;
  return called === 'match' || called === 'search'
    ? `calls ${called}(), which is not supported (its pattern would run on a backtracking engine): select the value and use operator matches, which runs on RE2`
    : `calls ${called}(), which is not supported (a path may call ${FUNCTIONS.join(', ')})`;
}
