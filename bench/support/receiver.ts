// A callback receiver in a process of its own, so the process that measures is not also the one that
// answers (on two cores, the bench's own work would cap what it measures): `node receiver.ts <port>`.
// POST anything: 204, and the receipt time (epoch ms) of the body's test.id is kept. GET /count says
// how many tests were received (cheap to poll), GET /duplicates how many came again, GET /received
// returns the times as {id: ms}.
import { createServer } from 'node:http';

const received: Record<string, number> = {};
let count = 0;
let duplicates = 0;
const now = () => performance.timeOrigin + performance.now();
createServer((req, res) => {
  if (req.url === '/count') return void res.writeHead(200).end(String(count));
  if (req.url === '/duplicates') return void res.writeHead(200).end(String(duplicates));
  if (req.method === 'GET') {
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const { id } = (JSON.parse(Buffer.concat(chunks).toString()) as { test: { id: string } }).test;
    if (received[id] === undefined) count++;
    else duplicates++;
    received[id] = now();
    res.writeHead(204).end();
  });
}).listen(Number(process.argv[2]), '127.0.0.1');
