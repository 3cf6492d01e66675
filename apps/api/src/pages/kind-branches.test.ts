import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { EXPECT_SOURCES, kinds, monitorKindNames, monitorKinds } from '@pageprobe/test-kinds';

// Issue 44 item 11: a monitor's page and badges show what the monitor's kind declares in its folder
// (`monitor.page`), so adding a kind touches its folder and the registry only. The code that loads and
// draws pages names no kind of monitor (a heartbeat's too): no `type === 'uptime'`, no table keyed by kind names.
const here = import.meta.dirname;
const root = join(here, '../../../..');
const FOLDERS = [here, join(root, 'packages/pages/src')];

const sourcesIn = (folders: string[]) =>
  folders.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => ({ file: join(dir, f), text: readFileSync(join(dir, f), 'utf8') })),
  );
const sources = sourcesIn(FOLDERS);

/** A kind's name as a string (a comparison, a `case`) or as the key of a table by kind. */
const naming = (name: string) => new RegExp(`(['"\`])${name}\\1|^\\s*${name}\\s*:\\s*[[{'"\`]`, 'm');

/** Each place in these files that names a kind of monitor. */
const branchesIn = (files: Array<{ file: string; text: string }>) =>
  files.flatMap(({ file, text }) =>
    monitorKindNames.filter((name) => naming(name).test(text)).map((name) => `${file.slice(root.length + 1)}: ${name}`),
  );

test('the pattern finds the branches the pages had before', () => {
  assert.match("  runWord: monitor.type === 'uptime' ? 'check' : 'test',", naming('uptime'));
  assert.match("const score = test.type === 'seo_crawl' ? a : b;", naming('seo_crawl'));
  assert.match('const CHARTS = {\n  lighthouse: [\n', naming('lighthouse'));
  assert.match("const SHORT = {\n  uptime: 'Uptime',\n", naming('uptime'));
  // A figure that shares a kind's name is no branch on the kind.
  assert.doesNotMatch('  uptime: Record<string, number | null>;', naming('uptime'));
  assert.doesNotMatch("  uptime_24h: { file: 'uptime-24h' },", naming('uptime'));
});

test("no code that loads or draws a monitor's page branches on a kind's name", () => {
  assert.ok(sources.length >= 10, `read ${sources.length} files`);
  assert.deepEqual(branchesIn(sources), [], "declare it in the kind's folder (monitor.page) instead");
});

// Issue 57 item 3: the doors too. What the CLI, the MCP server and the dashboard say about a kind (its
// title, its figures, its options) comes from the kind's folder (the dashboard reads the registry) or from
// the client's table of kinds (`packages/client/src/kinds.ts`, which the published CLI and MCP server
// bundle): none of them keeps a switch on the kind's name of its own.
const DOORS = {
  cli: [join(root, 'packages/cli/src')],
  mcp: [join(root, 'packages/mcp/src')],
  dashboard: [join(root, 'apps/dashboard/src')],
};
/** Names that are no kind's: the monitors list's sort by uptime percentage (`?sort=uptime`). */
const NOT_KINDS = ['apps/dashboard/src/pages/monitors/list-query.ts: uptime'];
for (const [door, folders] of Object.entries(DOORS)) {
  test(`the ${door} names no kind: what it says of one comes from the kinds`, () => {
    const files = sourcesIn(folders);
    assert.ok(files.length >= 3, `read ${files.length} files`);
    const found = branchesIn(files).filter((place) => !NOT_KINDS.includes(place));
    assert.deepEqual(found, [], "say it in the kind's folder or the client's table of kinds instead");
  });
}

/**
 * The text of each string and template literal in a TypeScript file (comments and regular expressions
 * skipped): what a door shows or says.
 */
export function stringsIn(source: string): string[] {
  const out: string[] = [];
  const braces: string[] = [];
  let i = 0;
  let prev = '';
  while (i < source.length) {
    const c = source[i]!;
    if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      out.push(source.slice(i + 1, j));
      i = j + 1;
      prev = 'x';
    } else if (c === '`' || (c === '}' && braces.at(-1) === '${')) {
      if (c === '}') braces.pop();
      let j = i + 1;
      while (j < source.length && source[j] !== '`' && !(source[j] === '$' && source[j + 1] === '{'))
        j += source[j] === '\\' ? 2 : 1;
      out.push(source.slice(i + 1, j));
      if (source[j] === '$') {
        braces.push('${');
        i = j + 2;
        prev = '(';
      } else {
        i = j + 1;
        prev = 'x';
      }
    } else if (c === '/' && /^[(,=:[!&|?{};]?$|^return$/.test(prev)) {
      // A regular expression: to its closing slash, outside a character class.
      let j = i + 1;
      for (let inClass = false; j < source.length && (inClass || source[j] !== '/'); j++) {
        if (source[j] === '\\') j++;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
      }
      i = j + 1;
      prev = 'x';
    } else {
      if (c === '{') braces.push('{');
      else if (c === '}') braces.pop();
      if (!/\s/.test(c)) prev = /\w/.test(c) && /\w$/.test(prev) ? prev + c : c;
      i++;
    }
  }
  return out;
}

/** How prose names a kind: its `type` (`uptime`), its word (`TCP`) or its title (`Speed test`), as a whole word. */
const PROSE_NAMES = [...new Set(monitorKinds.flatMap((k) => [k.name, k.word, k.title]))];
const namesIn = (text: string) =>
  PROSE_NAMES.filter((name) => new RegExp(`(?<![\\w-])${RegExp.escape(name)}(?![\\w-])`).test(text));

/**
 * Words in the doors' prose that are a kind's name and no hand-kept list of kinds, each with why, by file
 * and the phrase (blanked before the file is read). Anything else a door says of a kind is worded from the
 * kinds (the registry, or the client's table of kinds for the CLI and the MCP server).
 */
const PROSE_NOT_KINDS: ReadonlyArray<readonly [file: string, phrase: string, why: string]> = [
  ['packages/cli/src/check-options.ts', 'dns:', "the dns: URI's scheme, which --record and --resolver write"],
  ['packages/cli/src/format.ts', '  uptime: 24h', "a monitor's uptime percentages"],
  ['packages/mcp/src/describe.ts', 'uptime: 24h', "a monitor's uptime percentages"],
  ['packages/cli/src/main.ts', 'uptime over 24h', "a monitor's uptime percentages"],
  ['packages/mcp/src/server.ts', 'its uptime percent', "a monitor's uptime percentages"],
  ['packages/cli/src/main.ts', 'free lighthouse runs', "the credits' `free_lighthouse` allowance, as the API names it"],
  [
    'apps/dashboard/src/pages/home.ts',
    'Free lighthouse tests',
    "the credits' `free_lighthouse` allowance, as the API names it",
  ],
  ['packages/cli/src/main.ts', "(Lighthouse CI's", 'Lighthouse CI, the tool whose assertions these are'],
  ['packages/mcp/src/server.ts', 'Lighthouse CI assertions', 'Lighthouse CI, the tool whose assertions these are'],
  [
    'packages/mcp/src/server.ts',
    'lighthouse monitors’ lab runs',
    "a RUM site's lab line: only the lighthouse kind measures the Web Vitals a beacon sends",
  ],
  ['apps/dashboard/src/pages/monitors/monitor-form.ts', 'JSON in Lighthouse CI’s syntax', 'Lighthouse CI, the tool'],
  ['apps/dashboard/src/pages/test-pages/start-form.ts', 'as Lighthouse CI writes them', 'Lighthouse CI, the tool'],
  [
    'apps/dashboard/src/pages/test-pages/start-form.ts',
    'audits of Lighthouse ',
    'Lighthouse, the tool, at the version the workers run',
  ],
  [
    'apps/dashboard/src/pages/test-pages/lighthouse-view.ts',
    'Lighthouse’s full report',
    'Lighthouse, the tool, whose own report it is',
  ],
  ['apps/dashboard/src/pages/test-pages/report-page.ts', 'no Lighthouse report', 'Lighthouse, the tool'],
  ['apps/dashboard/src/pages/test-pages/report-page.ts', 'Lighthouse report · ', 'Lighthouse, the tool'],
  ['apps/dashboard/src/pages/test-pages/report-page.ts', 'Lighthouse’s report of ', 'Lighthouse, the tool'],
  ['packages/mcp/src/server.ts', 'DNS answers', 'what a result may hold, in the untrusted-content note'],
  [
    'apps/dashboard/src/pages/monitors/routes.ts',
    'Uptime report',
    "a monitor's uptime report (issue 58), whatever its kind",
  ],
  [
    'apps/dashboard/src/pages/monitors/monitor-form.ts',
    '"uptime:timings:total"',
    'an assertion key in an example (the kinds read keys with functions, listing none)',
  ],
  [
    'apps/dashboard/src/pages/test-pages/start-form.ts',
    'uptime:',
    'assertion keys (OTHER_KEYS: the kinds read keys with functions, listing none)',
  ],
  ['apps/dashboard/src/pages/team.ts', "team's uptime report", 'the monthly uptime report'],
  ['apps/dashboard/src/pages/status-pages/routes.ts', 'Uptime report', 'the monthly uptime report'],
  ['apps/dashboard/src/pages/monitors/list-query.ts', 'Uptime, 7 days', 'the uptime percentage sorted by'],
  ['apps/dashboard/src/pages/monitors/list-view.ts', '>Uptime, ', 'the uptime percentage column'],
  // Issue 59's browser checks made "browser" a kind's name; the passkey and sign-in pages mean the person's
  // own web browser, which a WebAuthn ceremony or a confirmation link happens in.
  ['apps/dashboard/src/pages/passkey-sign-in.ts', 'The browser sent no passkey', "the person's web browser"],
  ['apps/dashboard/src/pages/passkeys.ts', 'The browser sent no passkey', "the person's web browser"],
  ['apps/dashboard/src/pages/passkeys.ts', 'a browser with WebAuthn', "the person's web browser"],
  ['apps/dashboard/src/passkeys/browser-library.ts', '@simplewebauthn/browser', "the WebAuthn library's package"],
  ['apps/dashboard/src/passkeys/strong-enrolment.ts', 'in this browser', "the person's web browser"],
  ['apps/dashboard/src/passkeys/strong-enrolment.ts', 'in the same browser', "the person's web browser"],
];

/** Each string of these files that names a kind by hand: `file: names: the string's start`. */
const proseIn = (files: Array<{ file: string; text: string }>) =>
  files.flatMap(({ file, text }) => {
    const path = file.slice(root.length + 1);
    return stringsIn(text).flatMap((literal) => {
      let rest = literal;
      for (const [f, phrase] of PROSE_NOT_KINDS) if (f === path) rest = rest.replaceAll(phrase, ' ');
      const names = namesIn(rest);
      return names.length ? [`${path}: ${names.join(', ')}: ${literal.slice(0, 80)}`] : [];
    });
  });

test('the prose pattern finds the lists of kinds the doors wrote by hand', () => {
  const strings = stringsIn(
    // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source, read as text
    "const A = 'Expectations (uptime, tcp, dns)'; // a comment on dns\nconst B = `(${x}) TCP: ${`y`} DNS`; const r = /dns/;",
  );
  assert.deepEqual(strings, ['Expectations (uptime, tcp, dns)', '(', ') TCP: ', 'y', ' DNS']);
  assert.deepEqual(namesIn(strings[0]!), ['uptime', 'tcp', 'dns']);
  assert.deepEqual(namesIn('Uptime: [{…}]. TCP: [{…}]'), ['Uptime', 'TCP']);
  assert.deepEqual(namesIn('lighthouse: performance_score, lcp_ms; heartbeat: up'), ['lighthouse', 'heartbeat']);
  assert.deepEqual(namesIn('a Speed test'), ['Speed test']);
  // Part of another word or of an API field is no kind's name.
  assert.deepEqual(namesIn('uptime_percent, free_lighthouse, lighthouserc.json, seo_crawl_x, dns_ms'), []);
});

for (const [door, folders] of Object.entries(DOORS)) {
  test(`the ${door}'s prose names no kind by hand: its help and hints are worded from the kinds`, () => {
    assert.deepEqual(
      proseIn(sourcesIn(folders)),
      [],
      "word it from the kinds (the registry, or the client's table of kinds), or say in PROSE_NOT_KINDS why the word is no kind's",
    );
  });
}

test('each phrase PROSE_NOT_KINDS excuses is still in its file', () => {
  for (const [file, phrase] of PROSE_NOT_KINDS)
    assert.ok(readFileSync(join(root, file), 'utf8').includes(phrase), `${file}: ${phrase}`);
});

test("the client's table of kinds has every registered kind, titled and described as its folder says", async () => {
  // Imported here, so that a tree without the table fails this test alone.
  const client: Record<string, unknown> = await import('@pageprobe/client');
  type Facts = {
    title: string;
    run: string;
    metrics: string[];
    namedMetrics?: string;
    fieldMetrics?: string[];
    calledBy: string;
  };
  const table = client.KINDS as
    | Record<string, Facts & { usesDevice: boolean; maxRuns: number; expects?: string[]; figures: unknown }>
    | undefined;
  assert.ok(table, 'the client exports KINDS');
  const monitors = client.MONITOR_KINDS as Record<string, Facts> | undefined;
  assert.ok(monitors, 'the client exports MONITOR_KINDS');
  assert.deepEqual(Object.keys(table).sort(), kinds.map((k) => k.name).sort());
  for (const kind of kinds) {
    assert.equal(table[kind.name]!.title, kind.title, `${kind.name}'s title`);
    assert.equal(table[kind.name]!.usesDevice, kind.usesDevice, `whether ${kind.name} uses the device`);
    assert.equal(typeof table[kind.name]!.figures, 'function', `${kind.name}'s figures`);
    assert.equal(table[kind.name]!.maxRuns, kind.maxRuns, `${kind.name}'s most runs`);
    assert.deepEqual(table[kind.name]!.expects, EXPECT_SOURCES[kind.name], `what ${kind.name}'s expect takes`);
  }
  assert.deepEqual(Object.keys(monitors).sort(), monitorKindNames.toSorted());
  for (const kind of monitorKinds) {
    assert.equal(monitors[kind.name]!.title, kind.title, `${kind.name}'s title`);
    assert.equal(
      monitors[kind.name]!.calledBy,
      kind.monitor.page.calledBy ?? 'target',
      `what ${kind.name}'s monitors are called by`,
    );
    const facts: Facts = monitors[kind.name]!;
    assert.equal(facts.run, kind.monitor.page.run, `what a run of ${kind.name}'s monitors is`);
    assert.deepEqual(facts.metrics, Object.keys(kind.monitor.metrics), `${kind.name}'s series`);
    assert.equal(
      facts.namedMetrics !== undefined,
      kind.monitor.namedMetrics !== undefined,
      `${kind.name}'s named series`,
    );
    assert.deepEqual(
      facts.fieldMetrics,
      kind.monitor.page.field && Object.keys(kind.monitor.page.field),
      `${kind.name}'s field series`,
    );
  }
});
