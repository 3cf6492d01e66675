import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PageprobeError } from '@pageprobe/client';
import { entryProblems } from './config-commands.ts';
import { readText } from './read-source.ts';

test("the API's problems with an entry are reported at the entry's line in the file", () => {
  const source = readText(
    'pageprobe.yaml',
    'monitors:\n  - key: a\n    url: https://example.com/\n    interval_seconds: 300\n  - key: b\n    url: https://example.com/x\n    interval_seconds: 5\n',
  );
  const error = new PageprobeError(
    422,
    {
      code: 'config_invalid',
      detail: 'The configuration is invalid',
      errors: [
        {
          path: 'body.monitors.1.interval_seconds',
          message: 'must be from 300 to 2592000 seconds for lighthouse on the free plan',
          key: 'b',
          resource: 'monitor',
          field: 'interval_seconds',
        },
      ] as never,
    },
    null,
  );
  assert.deepEqual(entryProblems(error, source)?.messages, [
    'pageprobe.yaml:7:23: monitor b: interval_seconds must be from 300 to 2592000 seconds for lighthouse on the free plan (config_invalid)',
  ]);
  assert.equal(entryProblems(new PageprobeError(401, { code: 'unauthorized' }, null), source), null);
});
