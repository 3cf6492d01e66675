import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_REPLY_BYTES, offers, quoted, type Reply, ReplyError, ReplyReader } from './smtp-replies.ts';

const all = (reader: ReplyReader) => {
  const replies: Reply[] = [];
  for (let r = reader.take(); r; r = reader.take()) replies.push(r);
  return replies;
};

test('replies are read whole across chunks, multi-line ones by their hyphens, bare LF tolerated', () => {
  const reader = new ReplyReader();
  reader.push('220 mx.example.com ESMTP\r\n250-mx.example.com Hello\r\n250-PIPE');
  assert.deepEqual(all(reader), [{ code: 220, lines: ['mx.example.com ESMTP'] }]);
  reader.push('LINING\r\n250-SIZE 10240000\n250 STARTTLS\r\n221');
  const [ehlo] = all(reader);
  assert.deepEqual(ehlo, { code: 250, lines: ['mx.example.com Hello', 'PIPELINING', 'SIZE 10240000', 'STARTTLS'] });
  assert.equal(offers(ehlo!, 'STARTTLS'), true);
  assert.equal(offers(ehlo!, 'SIZE'), true);
  assert.equal(offers(ehlo!, 'MX.EXAMPLE.COM'), false, 'the first line is the greeting, no extension');
  reader.push('\r\n');
  assert.deepEqual(all(reader), [{ code: 221, lines: [''] }], 'a bare code is a reply');
});

test('a line that is no reply, lines that disagree, or an endless reply end the conversation', () => {
  assert.equal(new ReplyReader().take(), null, 'nothing yet is no reply, and no error');
  const http = new ReplyReader();
  http.push('HTTP/1.1 400 Bad Request\r\n');
  assert.throws(() => http.take(), ReplyError);
  const mixed = new ReplyReader();
  mixed.push('250-first\r\n451 second\r\n');
  assert.throws(() => mixed.take(), /disagree on their code/);
  const endless = new ReplyReader();
  assert.throws(() => endless.push('2'.repeat(MAX_REPLY_BYTES + 1)), /longer than 65536 bytes/);
  assert.equal(quoted(`\x1b[31m${'x'.repeat(300)}`).length, 203, 'control characters shown, cut at 200');
  assert.match(quoted('\x1b[31m'), /^"\uFFFD\[31m"$/);
});
