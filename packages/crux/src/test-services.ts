import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { cruxEnv, parseEnv } from '@pageprobe/config';
import { startRedis } from '@pageprobe/local-services';
import { createLogger, type Logger } from '@pageprobe/logger';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { type FakeCrux, startFakeCrux } from './fake-crux.ts';
import { type CruxConfig, cruxConfigFrom } from './config.ts';

export const API_KEY = 'AIzaTestKey-do-not-log-0123456789';

/** A Redis and a fake CrUX API for one test file; `stop()` ends both. */
export async function startServices() {
  const dir = mkdtempSync(join(tmpdir(), 'pageprobe-crux-'));
  const redisServer = await startRedis({ dataDir: dir });
  const fake = await startFakeCrux();
  const connections: Redis[] = [];
  let prefixes = 0;
  return {
    fake,
    /** Another connection, as another replica would have. */
    redis(): Redis {
      const redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
      connections.push(redis);
      return redis;
    },
    /** The configuration an app would parse from these variables (the fake's URL, a prefix per call). */
    config(env: Record<string, string> = {}): CruxConfig {
      const parsed = parseEnv(z.object(cruxEnv), { CRUX_API_KEY: API_KEY, CRUX_API_URL: fake.url, ...env });
      return { ...cruxConfigFrom(parsed), keyPrefix: `t${++prefixes}` };
    },
    async stop() {
      await Promise.all(connections.map((r) => r.quit()));
      await fake.close();
      await redisServer.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Services = Awaited<ReturnType<typeof startServices>>;
export type { FakeCrux };

/** A logger whose lines the test reads (to prove the API key never reaches them). */
export function capturedLog(): { log: Logger; text: () => string } {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { log: createLogger({ name: 'crux-test', level: 'debug' }, sink), text: () => text };
}
