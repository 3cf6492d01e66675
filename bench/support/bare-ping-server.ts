// The heartbeats scenario's floor: Node's HTTP server answering every request 200 "OK", as the ping route
// does, and nothing else. `node bare-ping-server.ts <port>`.
import { createServer } from 'node:http';

createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('OK');
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('bare ping server ready\n'));
