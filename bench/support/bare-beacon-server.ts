// The rum scenario's floor: Node's HTTP server reading each POST's body and answering 204, as the
// collect route does, and nothing else. `node bare-beacon-server.ts <port>`.
import { createServer } from 'node:http';

createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.statusCode = 204;
    res.end();
  });
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('bare beacon server ready\n'));
