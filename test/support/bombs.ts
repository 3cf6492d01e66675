// Decompression bombs for the hostile-target tests (issue 22): small bodies that expand to gigabytes,
// built in a few hundred milliseconds without ever holding the expanded bytes here.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const MiB = 1024 * 1024;

/**
 * Brotli of `bytes` zeros, at quality 1 because quality 11 takes seconds per GiB: 1 GiB becomes about
 * 190 KB in about 0.3 s (the zero buffer is held meanwhile, in this test process only).
 */
export function brotliBomb(bytes: number): Buffer {
  return brotliCompressSync(Buffer.alloc(bytes), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
}

/**
 * Gzip of `bytes` zeros as concatenated gzip members (RFC 1952 §2.2: a gzip file is a series of members;
 * every gunzip, Node's included, reads them all): one 1 MiB member, about 1 KB, repeated.
 */
export function gzipBomb(bytes: number): Buffer {
  const member = gzipSync(Buffer.alloc(MiB), { level: 9 });
  return Buffer.concat(Array.from({ length: Math.ceil(bytes / MiB) }, () => member));
}

/** Gzip of `head`, then `bytes` of zeros: a well-formed start that goes on far past any cap. */
export function gzipAfter(head: string, bytes: number): Buffer {
  return Buffer.concat([gzipSync(head), gzipBomb(bytes)]);
}

/** The peak resident memory (VmHWM) of a live process, in MiB. */
export function peakRssMiB(pid: number): number {
  const line = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`no VmHWM for process ${pid}`);
  return Number(line[1]) / 1024;
}
