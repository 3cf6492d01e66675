// Where a status page's notices land in the status-notices bench, in a process of its own (the bench's
// process measures): `node notice-sinks.ts <httpPort> <smtpPort>`. An SMTP server (smtp-server, as the
// tests' harness runs) counts each recipient's mails; POST /hook/<n> counts each webhook's notices.
// GET /count answers {mails, hooks, twice, first, last}: `twice` is how many got a notice more than once,
// first and last the receipt times (epoch ms).
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const mails = new Map<string, number>();
const hooks = new Map<string, number>();
let first = 0;
let last = 0;
const seen = (map: Map<string, number>, key: string) => {
  map.set(key, (map.get(key) ?? 0) + 1);
  const now = performance.timeOrigin + performance.now();
  first ||= now;
  last = now;
};
const twice = () => [...mails.values(), ...hooks.values()].filter((n) => n > 1).length;

new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, done) {
    stream.on('data', () => {});
    stream.on('end', () => {
      for (const to of session.envelope.rcptTo) seen(mails, to.address);
      done();
    });
  },
}).listen(Number(process.argv[3]), '127.0.0.1');

createServer((req, res) => {
  if (req.method === 'GET') {
    return void res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ mails: mails.size, hooks: hooks.size, twice: twice(), first, last }));
  }
  req.on('data', () => {});
  req.on('end', () => {
    seen(hooks, req.url ?? '');
    res.writeHead(204).end();
  });
}).listen(Number(process.argv[2]), '127.0.0.1');
