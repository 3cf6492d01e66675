import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free port for the file (the deployment's SMTP_URL), every mail it accepted read
 * back with mailparser. `answer` may refuse a mail: an Error with a `responseCode` (451: try later).
 */
export async function startSmtpServer(answer: (mail: ParsedMail) => Error | undefined = () => undefined) {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        const refusal = answer(mail);
        if (refusal) return done(refusal);
        mails.push(mail);
        done(null, 'queued as pageprobe-test' as unknown as undefined);
      }, done);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  after(() => server.close());
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, mails };
}

/** The addresses a mail went to. */
export const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a!.value.map((v) => v.address));
