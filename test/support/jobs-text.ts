import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import type { TestEnv } from './test-env.ts';

/**
 * Every hash under the file's queue prefix in Redis, as text: where BullMQ keeps jobs and their data, for
 * a test that asserts a secret never reached a job.
 */
export async function jobsText(env: TestEnv): Promise<string> {
  const redis = new Redis(env.redisUrl);
  try {
    const keys = await redis.keys(`${env.queuePrefix}*`);
    const out: string[] = [];
    for (const k of keys) if ((await redis.type(k)) === 'hash') out.push(JSON.stringify(await redis.hgetall(k)));
    assert.ok(
      out.some((o) => o.includes('"data"')),
      'the jobs were found',
    );
    return out.join('\n');
  } finally {
    redis.disconnect();
  }
}
