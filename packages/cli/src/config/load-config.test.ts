// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} is the file's own syntax here
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { MONITOR_TYPES } from '@pageprobe/client';
import { ConfigError } from './config-error.ts';
import { loadConfig } from './load-config.ts';

const PACKAGE = new URL('../..', import.meta.url).pathname;

/** A folder holding the files given; removed after the test. */
function folder(t: { after: (fn: () => void) => void }, files: Record<string, string>, under = tmpdir()) {
  const dir = mkdtempSync(join(under, '.pageprobe-config-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

async function problems(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConfigError) return error.messages;
    throw error;
  }
  return assert.fail('expected a ConfigError');
}

const YAML = `# yaml-language-server: $schema=./node_modules/@pageprobe/cli/schema/pageprobe.schema.json
alert_channels:
  - key: ops-slack
    type: slack
    name: Ops
    url: \${SLACK_WEBHOOK_URL}
monitors:
  - key: api-health
    type: uptime
    url: https://example.com/health
    interval_seconds: 60
    alert_channels: [ops-slack]
    headers:
      Authorization: Bearer \${API_TOKEN}
status_pages:
  - key: public
    slug: acme
    title: Acme
    monitors: [{ key: api-health, label: API }]
`;

test('pageprobe.yaml is found in the folder, its ${VARIABLES} put in, $schema left out of the state', async (t) => {
  const cwd = folder(t, { 'pageprobe.yaml': YAML });
  const config = await loadConfig(undefined, {
    cwd,
    env: { SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/secret', API_TOKEN: 't0ken' },
  });
  assert.equal(config.name, 'pageprobe.yaml');
  assert.deepEqual(config.warnings, []);
  assert.equal(config.state.alert_channels?.[0]?.url, 'https://hooks.slack.com/services/T/B/secret');
  assert.deepEqual(config.state.monitors?.[0]?.headers, { Authorization: 'Bearer t0ken' });
  assert.equal('$schema' in config.state, false);
});

test('a missing variable is an error naming it and its line; every missing one at once', async (t) => {
  const cwd = folder(t, { 'pageprobe.yaml': YAML });
  assert.deepEqual(await problems(loadConfig(undefined, { cwd, env: { API_TOKEN: '' } })), [
    'pageprobe.yaml:6:10: ${SLACK_WEBHOOK_URL} is not set (alert_channels[0].url)',
    'pageprobe.yaml:14:22: ${API_TOKEN} is not set (monitors[0].headers.Authorization)',
  ]);
});

test('a secret written in the file as it is warns with its line; $${ is a literal ${', async (t) => {
  const cwd = folder(t, {
    'p.yaml': `alert_channels:
  - { key: pd, type: pagerduty, name: PD, routing_key: abc123 }
monitors:
  - key: m
    url: https://example.com/
    interval_seconds: 300
    basic_auth: { username: u, password: hunter2 }
    user_agent: "probe $\${not a variable}"
`,
  });
  const config = await loadConfig('p.yaml', { cwd, env: {} });
  assert.deepEqual(config.warnings, [
    'p.yaml:2:56: alert_channels[0].routing_key is a secret written in the file; write ${A_VARIABLE} and set it in the environment',
    'p.yaml:7:42: monitors[0].basic_auth.password is a secret written in the file; write ${A_VARIABLE} and set it in the environment',
  ]);
  assert.equal(config.state.monitors?.[0]?.user_agent, 'probe ${not a variable}');
});

test("a step's text is a secret where it types (a type step), not where the page must show it (assert_text)", async (t) => {
  const cwd = folder(t, {
    'p.yaml': `monitors:
  - key: m
    type: browser
    url: https://example.com/
    interval_seconds: 3600
    steps:
      - { type: type, selector: "#password", text: "\${PASSWORD}" }
      - { type: assert_text, text: "Welcome back" }
      - { type: assert_text, text: "\${AWS_SECRET_ACCESS_KEY}" }
`,
  });
  const env = { PASSWORD: 'hunter2', AWS_SECRET_ACCESS_KEY: 'aws-s3cr3t' };
  assert.deepEqual(await problems(loadConfig('p.yaml', { cwd, env })), [
    'p.yaml:9:36: ${AWS_SECRET_ACCESS_KEY} is put in only where a secret goes (monitors[0].steps[2].text is not one); write the value itself, or $${ for a literal ${',
  ]);
  const fine = folder(t, {
    'p.yaml': `monitors:
  - key: m
    type: browser
    url: https://example.com/
    interval_seconds: 3600
    steps:
      - { type: type, selector: "#user", text: probe }
      - { type: type, selector: "#password", text: "\${PASSWORD}" }
      - { type: assert_text, text: "Welcome back" }
`,
  });
  const config = await loadConfig('p.yaml', { cwd: fine, env });
  assert.deepEqual(config.warnings, [
    'p.yaml:7:48: monitors[0].steps[0].text is a secret written in the file; write ${A_VARIABLE} and set it in the environment',
  ]);
  const steps = config.state.monitors?.[0]?.steps as Array<{ text?: string }>;
  assert.deepEqual(
    steps.map((s) => s.text),
    ['probe', 'hunter2', 'Welcome back'],
  );
});

test('${VARIABLE} is put in only where a secret goes: anywhere else it is an error, the variable never read (issue 56)', async (t) => {
  const cwd = folder(t, {
    'p.yaml': `monitors:
  - key: m
    url: https://example.com/?leak=\${AWS_SECRET_ACCESS_KEY}
    interval_seconds: 300
    name: "\${HOME}"
    headers: { x-token: "\${TOKEN}" }
`,
  });
  const env = { AWS_SECRET_ACCESS_KEY: 'aws-s3cr3t', HOME: '/home/ci', TOKEN: 't0ken' };
  assert.deepEqual(await problems(loadConfig('p.yaml', { cwd, env })), [
    'p.yaml:3:10: ${AWS_SECRET_ACCESS_KEY} is put in only where a secret goes (monitors[0].url is not one); write the value itself, or $${ for a literal ${',
    'p.yaml:5:11: ${HOME} is put in only where a secret goes (monitors[0].name is not one); write the value itself, or $${ for a literal ${',
  ]);
  const only = folder(t, {
    'p.yaml': `monitors:
  - { key: m, url: https://example.com/, interval_seconds: 300, headers: { x-token: "\${TOKEN}" } }
`,
  });
  const config = await loadConfig('p.yaml', { cwd: only, env });
  assert.deepEqual(config.state.monitors?.[0]?.headers, { 'x-token': 't0ken' });
});

test('a misspelt field is reported with its line and the field meant, before any request', async (t) => {
  const cwd = folder(t, {
    'pageprobe.yaml': `monitors:
  - key: api-health
    url: https://example.com/health
    inteval_seconds: 60
  - key: api-health
    url: https://example.com/
    interval_seconds: 60
    type: uptme
    alert: { down_after: 0 }
`,
  });
  assert.deepEqual(await problems(loadConfig(undefined, { cwd, env: {} })), [
    'pageprobe.yaml:4:5: monitors[0].inteval_seconds is not a field (did you mean interval_seconds?)',
    `pageprobe.yaml:8:11: monitors[1].type must be one of ${MONITOR_TYPES.join(', ')}`,
    'pageprobe.yaml:9:26: monitors[1].alert.down_after must be >= 1',
  ]);
});

test('two entries of a section with one key: the second is named with its line', async (t) => {
  const cwd = folder(t, {
    'pageprobe.yaml': `monitors:
  - { key: a, url: https://example.com/, interval_seconds: 300 }
  - { key: a, url: https://example.org/, interval_seconds: 300 }
`,
  });
  assert.deepEqual(await problems(loadConfig(undefined, { cwd, env: {} })), [
    "pageprobe.yaml:3:12: monitors[1].key a is also monitors[0]'s",
  ]);
});

test('issue 61: rum_sites are keyed by name; a name given twice is named with its line; a rate and a pattern checked before any request', async (t) => {
  const ok = folder(t, {
    'pageprobe.yaml': `rum_sites:
  - name: Shop
    origins: [https://shop.example.com]
    sample_rate: 0.5
    page_groups: [{ name: products, pattern: /products/* }]
`,
  });
  const config = await loadConfig(undefined, { cwd: ok, env: {} });
  assert.deepEqual(config.state.rum_sites, [
    {
      name: 'Shop',
      origins: ['https://shop.example.com'],
      sample_rate: 0.5,
      page_groups: [{ name: 'products', pattern: '/products/*' }],
    },
  ]);
  const twice = folder(t, {
    'pageprobe.yaml': `rum_sites:
  - { name: Shop, origins: [https://a.test] }
  - { name: Shop, origins: [https://b.test] }
`,
  });
  assert.deepEqual(await problems(loadConfig(undefined, { cwd: twice, env: {} })), [
    "pageprobe.yaml:3:13: rum_sites[1].name Shop is also rum_sites[0]'s",
  ]);
  const bad = folder(t, {
    'pageprobe.yaml': `rum_sites:
  - { name: Shop, origins: [https://a.test], sample_rate: 0, page_groups: [{ name: x, pattern: blog }] }
`,
  });
  const found = await problems(loadConfig(undefined, { cwd: bad, env: {} }));
  assert.ok(
    found.some((p) => /rum_sites\[0\]\.sample_rate must be > 0/.test(p)),
    found.join('\n'),
  );
  assert.ok(
    found.some((p) => /rum_sites\[0\]\.page_groups\[0\]\.pattern must match/.test(p)),
    found.join('\n'),
  );
});

test('pageprobe.json is read with positions too; YAML syntax errors name their line', async (t) => {
  const cwd = folder(t, {
    'pageprobe.json':
      '{\n  "monitors": [\n    { "key": "a", "url": "https://example.com/", "interval": 300 }\n  ]\n}\n',
    'broken.yaml': 'monitors:\n  - key: a\n   url: x\n',
  });
  assert.deepEqual(await problems(loadConfig(undefined, { cwd, env: {} })), [
    'pageprobe.json:3:50: monitors[0].interval is not a field (did you mean interval_seconds?)',
  ]);
  const [syntax] = await problems(loadConfig('broken.yaml', { cwd, env: {} }));
  assert.match(syntax!, /^broken\.yaml:3:\d+: /);
  assert.deepEqual(await problems(loadConfig('nope.yaml', { cwd, env: {} })), ['nope.yaml: no such file']);
});

test('pageprobe.config.ts: the default export of defineConfig, checked as the YAML is', async (t) => {
  // Inside the package, so that the file's import of @pageprobe/client resolves as in a user's project.
  const cwd = folder(
    t,
    {
      'pageprobe.config.ts': `import { defineConfig } from '@pageprobe/client';
export default defineConfig({
  monitors: [{ key: 'home', url: 'https://example.com/', interval_seconds: 300, headers: { 'x-token': '\${TOKEN}' } }],
});
`,
      'bad.config.ts': `export default { monitors: [{ key: 'home', url: 'https://example.com/', interval_secs: 300 }] };\n`,
    },
    PACKAGE,
  );
  const config = await loadConfig(undefined, { cwd, env: { TOKEN: 'tok' } });
  assert.equal(config.name, 'pageprobe.config.ts');
  assert.deepEqual(config.state.monitors?.[0]?.headers, { 'x-token': 'tok' });
  assert.deepEqual(await problems(loadConfig('bad.config.ts', { cwd, env: {} })), [
    'bad.config.ts: monitors[0].interval_secs is not a field (did you mean interval_seconds?)',
  ]);
});
