import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, type LocalService, spawnService } from './child-service.ts';

export interface S3Options {
  dataDir: string;
  port?: number;
  /**
   * In a process group of its own (`npm start`): a terminal's Ctrl-C then reaches only the process that
   * started it, which stops it after the apps that use it.
   */
  ownProcessGroup?: boolean;
}

const MAIN = fileURLToPath(new URL('./s3-server-main.ts', import.meta.url));

/** s3rver in its own process: S3-compatible enough for @aws-sdk/client-s3 with path-style addressing. */
export async function startS3({ dataDir, port, ownProcessGroup = false }: S3Options): Promise<LocalService> {
  mkdirSync(dataDir, { recursive: true });
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const { child, stop } = await spawnService('S3 server', process.execPath, [MAIN, String(listenPort), dataDir], {
    ready: async () => (await fetch(url, { signal: AbortSignal.timeout(1000) })).status < 500,
    detached: ownProcessGroup,
  });
  return { name: 's3', url, port: listenPort, pid: child.pid!, stop };
}
