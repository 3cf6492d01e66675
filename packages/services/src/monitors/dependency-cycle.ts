/**
 * A cycle in a graph of dependencies (node → the nodes it depends on), as the nodes along it with the
 * first repeated at the end (`a → b → a`), or null. Only nodes reachable from `from` are followed (all of
 * them when it is not given). Iterative, so a long chain cannot overflow the stack.
 */
export function findCycle(edges: ReadonlyMap<string, readonly string[]>, from?: string): string[] | null {
  const DONE = 2;
  const ON_PATH = 1;
  const mark = new Map<string, number>();
  for (const root of from === undefined ? edges.keys() : [from]) {
    if (mark.get(root) === DONE) continue;
    const path: string[] = [root];
    const next: number[] = [0];
    mark.set(root, ON_PATH);
    while (path.length > 0) {
      const node = path.at(-1)!;
      const children = edges.get(node) ?? [];
      const i = next.at(-1)!;
      if (i >= children.length) {
        mark.set(node, DONE);
        path.pop();
        next.pop();
        continue;
      }
      next[next.length - 1] = i + 1;
      const child = children[i]!;
      if (mark.get(child) === ON_PATH) return [...path.slice(path.indexOf(child)), child];
      if (mark.get(child) === DONE) continue;
      mark.set(child, ON_PATH);
      path.push(child);
      next.push(0);
    }
  }
  return null;
}
