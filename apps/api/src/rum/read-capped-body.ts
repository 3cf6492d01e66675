import type { IncomingMessage } from 'node:http';

/**
 * A request's body up to `max` bytes; null when it is longer (declared or sent); undefined when the
 * client went away before sending it all (nothing to count, nobody to answer). Past `max` nothing more
 * is kept (the rest is read and thrown away, so the answer can still be written): a beacon's sender
 * cannot fill the process's memory with one request. Events, not `for await`, whose early exit would
 * destroy the socket before the 413 is written.
 */
export function readCappedBody(req: IncomingMessage, max: number): Promise<Buffer | null | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max) {
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let read = 0;
    req.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read <= max) chunks.push(chunk);
    });
    req.on('end', () => resolve(read > max ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, read)));
    req.on('error', () => resolve(undefined));
  });
}
