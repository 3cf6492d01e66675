import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ConfigChange } from '@pageprobe/client';
import { plain } from '../format.ts';
import { planLines, planMarkdown, planSummary } from './plan-lines.ts';

const changes: ConfigChange[] = [
  {
    action: 'create',
    resource: 'alert_channel',
    key: 'ops-slack',
    id: null,
    fields: [
      { field: 'type', from: null, to: 'slack' },
      { field: 'url', from: null, to: '(secret)' },
    ],
  },
  {
    action: 'update',
    resource: 'monitor',
    key: 'api-health',
    id: '0191f3b0-5555-7aaa-8bbb-0123456789ab',
    fields: [
      { field: 'interval_seconds', from: 60, to: 30 },
      { field: 'alert.regression_points', from: 10, to: 5 },
      { field: 'name', from: null, to: 'API' },
      { field: 'tags', from: ['a'], to: ['a', 'b'] },
    ],
  },
  { action: 'delete', resource: 'status_page', key: 'old', id: '0191f3b0-7777-7aaa-8bbb-0123456789ab', fields: [] },
];

test('a plan: + creates with their fields, ~ one line per changed field, - deletes, then the count', () => {
  assert.deepEqual(planLines(changes, plain), [
    '+ alert_channel ops-slack',
    '    type = "slack"',
    '    url = (secret)',
    '~ monitor api-health: interval_seconds 60 → 30',
    '~ monitor api-health: alert.regression_points 10 → 5',
    '~ monitor api-health: name (none) → "API"',
    '~ monitor api-health: tags ["a"] → ["a","b"]',
    '- status_page old',
  ]);
  assert.equal(planSummary(changes, 'pageprobe.yaml'), '1 to create, 1 to change, 1 to delete.');
  assert.equal(planSummary([], 'pageprobe.yaml'), "No changes: the team's resources are as pageprobe.yaml describes.");
});

test('the job summary shows the plan as a diff block', () => {
  const md = planMarkdown('Pageprobe plan', changes, 'pageprobe.yaml', false);
  assert.match(
    md,
    /^## Pageprobe plan\n\n1 to create, 1 to change, 1 to delete\.\n\n```diff\n\+ alert_channel ops-slack\n/,
  );
  assert.match(md, /\n! monitor api-health: interval_seconds 60 → 30\n/);
  assert.match(md, /\n- status_page old\n```\n$/);
  assert.doesNotMatch(planMarkdown('Pageprobe plan', [], 'pageprobe.yaml', false), /```/);
});
