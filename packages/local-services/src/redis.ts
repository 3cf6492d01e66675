import { mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { freePort, type LocalService, spawnService } from './child-service.ts';

export interface RedisOptions {
  dataDir: string;
  port?: number;
  /** Keep data across restarts with an append-only file (the local stack); tests keep nothing. */
  persist?: boolean;
  /**
   * In a process group of its own (`npm start`): a terminal's Ctrl-C then reaches only the process that
   * started it, which stops it after the apps that use it.
   */
  ownProcessGroup?: boolean;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.write('PING\r\n'));
    socket.setTimeout(1000, () => socket.destroy());
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

export async function startRedis({
  dataDir,
  port,
  persist = false,
  ownProcessGroup = false,
}: RedisOptions): Promise<LocalService> {
  mkdirSync(dataDir, { recursive: true });
  const listenPort = port ?? (await freePort());
  const args = [
    '--port',
    String(listenPort),
    '--bind',
    '127.0.0.1',
    '--dir',
    dataDir,
    '--save',
    '',
    '--appendonly',
    persist ? 'yes' : 'no',
    // BullMQ needs keys never evicted.
    '--maxmemory-policy',
    'noeviction',
  ];
  const { child, stop } = await spawnService('Redis', 'redis-server', args, {
    ready: () => ping(listenPort),
    detached: ownProcessGroup,
  });
  return { name: 'redis', url: `redis://127.0.0.1:${listenPort}`, port: listenPort, pid: child.pid!, stop };
}
