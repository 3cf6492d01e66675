import { RE2JS } from 're2js';

// Patterns run on bodies the target chooses, so they run on RE2 (re2js, a port with no backtracking):
// matching is linear in the body's length whatever the pattern, and what only a backtracking engine
// can do (backreferences, lookaround) is refused when the expectation is written.

const compiled = new Map<string, RE2JS>();
/** Enough for every pattern of a busy worker's monitors; past it the oldest is compiled again when next used. */
const CACHE_SIZE = 500;

/** The pattern compiled by RE2, or why RE2 refuses it. */
export function compilePattern(pattern: string): { ok: true; re: RE2JS } | { ok: false; reason: string } {
  const cached = compiled.get(pattern);
  if (cached) return { ok: true, re: cached };
  try {
    const re = RE2JS.compile(pattern);
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
    compiled.set(pattern, re);
    return { ok: true, re };
  } catch (error) {
    return { ok: false, reason: (error as Error).message.replace(/^error parsing regexp: /, '') };
  }
}

/** Whether the pattern matches anywhere in the text (checked patterns only: a refused one matches nothing). */
export function patternMatches(pattern: string, text: string): boolean {
  const compiled = compilePattern(pattern);
  return compiled.ok && compiled.re.test(text);
}
