import type { IncomingHttpHeaders } from 'node:http';
import { query } from 'jsonpath-rfc9535';
import { RE2JS } from 're2js';
import { type Extract, MAX_EXTRACTED_CHARS } from '@pageprobe/test-kinds';

/** What an answer gave one extract: its value, or why there is none. */
export type Extracted = { ok: true; value: string } | { ok: false; why: string };

/**
 * One extract's value from an answer. A JSON path is singular (checked when written: names and indexes
 * only), so reading it is linear in the body; a pattern runs on RE2. A value longer than
 * MAX_EXTRACTED_CHARS is refused rather than cut: a cut token would fail later, far from its cause.
 */
export function extractValue(rule: Extract, headers: IncomingHttpHeaders, body: string | null): Extracted {
  const found = find(rule, headers, body);
  if (!found.ok) return found;
  if (found.value.length > MAX_EXTRACTED_CHARS) {
    return { ok: false, why: `${describe(rule)} is ${found.value.length} characters (at most ${MAX_EXTRACTED_CHARS})` };
  }
  return found;
}

function find(rule: Extract, headers: IncomingHttpHeaders, body: string | null): Extracted {
  switch (rule.source) {
    case 'header': {
      const raw = headers[rule.header!.toLowerCase()];
      if (raw === undefined) return { ok: false, why: `the answer has no ${rule.header} header` };
      return { ok: true, value: Array.isArray(raw) ? raw.join(', ') : raw };
    }
    case 'json': {
      let doc: unknown;
      try {
        doc = JSON.parse(body ?? '');
      } catch {
        return { ok: false, why: 'the answer is not JSON' };
      }
      const [value] = query(doc as Parameters<typeof query>[0], rule.path!);
      if (value === undefined || value === null) return { ok: false, why: `${rule.path} found nothing` };
      return { ok: true, value: typeof value === 'string' ? value : JSON.stringify(value) };
    }
    case 'body': {
      const matcher = RE2JS.compile(rule.pattern!).matcher(body ?? '');
      if (!matcher.find()) return { ok: false, why: `the body does not match ${rule.pattern}` };
      const value = matcher.groupCount() >= 1 ? matcher.group(1) : matcher.group();
      return value === null ? { ok: false, why: `the pattern’s group matched nothing` } : { ok: true, value };
    }
  }
}

const describe = (rule: Extract) =>
  rule.source === 'json' ? rule.path : rule.source === 'header' ? `the ${rule.header} header` : 'the match';
