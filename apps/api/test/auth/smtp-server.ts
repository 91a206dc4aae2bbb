/**
 * A minimal SMTP server on 127.0.0.1 for tests: enough of RFC 5321 for nodemailer to deliver one
 * plain-text message (EHLO, MAIL, RCPT, DATA, QUIT; no TLS, no AUTH). It records what it received,
 * or refuses every message with 554 when `refuse` is set.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpStub {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtp({ refuse = false } = {}): Promise<SmtpStub> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    reply('220 stub.test ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (refuse) reply('554 5.7.1 refused by the test');
          else {
            received.push(current);
            reply('250 2.0.0 queued');
          }
          current = { from: '', to: [], data: '' };
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 stub.test');
        else if (verb === 'MAIL') {
          current.from = line.slice(10).trim();
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8).trim());
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}
