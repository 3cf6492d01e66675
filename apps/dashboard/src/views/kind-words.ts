import { html, type SafeHtml } from '@pageprobe/html';
import { EXPECT_SOURCES, kinds, monitorKinds, type Source } from '@pageprobe/test-kinds';

// What the forms' hints and legends say of the kinds, worded from the registry (each kind's `word`,
// `options`, `target.hint`, `maxRuns`, its expectations' sources), so a kind added there is in them.

/** Names in a sentence: `a`, `a and b`, `a, b and c`. */
export const listed = (names: readonly string[], last: 'and' | 'or' = 'and'): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${last} ${names.at(-1)}`;

/** The words of the kinds of test that take a request option (`expect`: Uptime, TCP, DNS), for a legend. */
export const takers = (option: string): string =>
  kinds
    .filter((k) => k.options.includes(option))
    .map((k) => k.word)
    .join(', ');

/** The API's names of the kinds that take a request option (`method`: uptime), for a field's label. */
export const takerNames = (option: string): string =>
  kinds
    .filter((k) => k.options.includes(option))
    .map((k) => k.name)
    .join(', ');

/** The words of the kinds of monitor told by pings (a heartbeat): no URL, a period or schedule and a grace. */
export const PINGED = listed(
  monitorKinds.filter((k) => k.pings).map((k) => k.word),
  'or',
);

/** The kinds whose tests may ask for several runs (the median or representative one reported), and the most. */
export const MULTI_RUN = listed(kinds.filter((k) => k.maxRuns > 1).map((k) => k.word));
export const MAX_RUNS = Math.max(...kinds.map((k) => k.maxRuns));

/** A hint's backticked parts as code. */
const coded = (text: string): SafeHtml =>
  html`${text.split('`').map((part, i) => (i % 2 ? html`<code>${part}</code>` : part))}`;

/**
 * What `url` takes, by kind: each target's hint and the kinds that take it, `An http(s) page for Lighthouse,
 * SEO crawl and Uptime; <code>tcp://host:port</code> for TCP; …`.
 */
export function targetHint(): SafeHtml {
  const targets = [...new Set(kinds.map((k) => k.target))];
  const parts = targets.map((target, i) => {
    const words = kinds.filter((k) => k.target === target).map((k) => k.word);
    const hint = i ? target.hint : target.hint.charAt(0).toUpperCase() + target.hint.slice(1);
    return html`${coded(hint)} for ${listed(words)}`;
  });
  return html`${parts.map((part, i) => (i ? html`; ${part}` : part))}.`;
}

/** An expectation of each source, as a form's example shows it. */
const EXAMPLES: Partial<Record<Source, string>> = {
  status: '{"source": "status", "operator": "eq", "value": 200}',
  json: '{"source": "json", "path": "$.status", "operator": "eq", "value": "ok"}',
  body: '{"source": "body", "operator": "contains", "value": "Welcome"}',
  response_time: '{"source": "response_time", "operator": "lt", "value": 500}',
  answers: '{"source": "answers", "operator": "contains", "value": "192.0.2.1"}',
};
/** Sources of a kind shown with an example at most. */
const SHOWN = 3;

/** Each kind that takes expectations, with a list of its first sources' examples: `Uptime: [{…}, {…}]`. */
export const expectExamples = (): string[] =>
  kinds
    .filter((k) => k.options.includes('expect'))
    .map((k) => {
      const shown = (EXPECT_SOURCES[k.name] ?? []).flatMap((s) => EXAMPLES[s] ?? []).slice(0, SHOWN);
      return `${k.word}: [${shown.join(', ')}]`;
    });

/** What one kind's `url` takes, as its form's hint says it (issue 60: a form of one kind). */
export function kindTargetHint(kind: string): SafeHtml {
  const target = kinds.find((k) => k.name === kind)?.target;
  if (!target) return targetHint();
  return html`${coded(target.hint.charAt(0).toUpperCase() + target.hint.slice(1))}.`;
}
