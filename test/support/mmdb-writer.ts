// A minimal MaxMind DB (MMDB 2.0) writer, for tests of code that reads an operator's GeoIP database:
// IPv4 networks to JSON-like values (maps, strings, unsigned integers), 24-bit records. No writer is on
// the npm registry that installs offline here (mmdb-writer is not published), and the format is small:
// https://maxmind.github.io/MaxMind-DB/ (search tree, 16 zero bytes, data section, metadata).

/** A value: strings, uint32 numbers, uint64 bigints, maps, arrays, or bytes already encoded (a uint16). */
type Value = string | number | bigint | Buffer | { [key: string]: Value } | Value[];

const METADATA_MARKER = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com')]);

/** A control byte (and extended type byte) for `type` with a payload of `size` (< 29). */
function control(type: number, size: number): Buffer {
  if (size >= 29) throw new Error('mmdb-writer: sizes of 29 and more are not supported');
  return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
}

function uint(type: number, value: number | bigint): Buffer {
  const bytes: number[] = [];
  for (let v = BigInt(value); v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

function encode(value: Value): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === 'bigint') return uint(9, value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value);
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') return uint(6, value);
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

interface Node {
  records: [Node | number | null, Node | number | null];
}

/** An MMDB file's bytes holding each `network` (a.b.c.d/len) → its value. */
export function mmdbOf(networks: Record<string, Value>, databaseType = 'GeoLite2-Country'): Buffer {
  const data: Buffer[] = [];
  let dataSize = 0;
  const root: Node = { records: [null, null] };
  for (const [network, value] of Object.entries(networks)) {
    const [address, length] = network.split('/');
    const bits = address!.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
    const offset = dataSize;
    const bytes = encode(value);
    data.push(bytes);
    dataSize += bytes.length;
    let node = root;
    const len = Number(length);
    for (let i = 0; i < len; i++) {
      const bit = Number((bits >> BigInt(31 - i)) & 1n);
      if (i === len - 1) {
        node.records[bit] = offset;
        break;
      }
      let next = node.records[bit];
      if (typeof next !== 'object' || next === null) {
        next = { records: [null, null] };
        node.records[bit] = next;
      }
      node = next;
    }
  }
  // Number the nodes breadth-first, then write each as two 24-bit records.
  const nodes: Node[] = [root];
  for (let i = 0; i < nodes.length; i++)
    for (const r of nodes[i]!.records) if (typeof r === 'object' && r !== null) nodes.push(r);
  const index = new Map(nodes.map((n, i) => [n, i]));
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  nodes.forEach((node, i) => {
    node.records.forEach((r, side) => {
      const value = r === null ? count : typeof r === 'number' ? count + 16 + r : index.get(r)!;
      tree.writeUIntBE(value, i * 6 + side * 3, 3);
    });
  });
  const metadata = encode({
    node_count: count,
    record_size: uint(5, 24),
    ip_version: uint(5, 4),
    database_type: databaseType,
    languages: ['en'],
    binary_format_major_version: uint(5, 2),
    binary_format_minor_version: uint(5, 0),
    build_epoch: BigInt(Math.floor(Date.now() / 1000)),
    description: { en: 'Pageprobe test database' },
  });
  return Buffer.concat([tree, Buffer.alloc(16), ...data, METADATA_MARKER, metadata]);
}
