import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * The smallest SMTP server nodemailer will talk to: it records each message's envelope and data. `refuse` answers a
 * recipient (its RCPT line) with a reply of its own, as a real server refuses an address ("550 5.1.1 …") or defers
 * it ("451 …"); null accepts it. `refuseData` answers a message's data the same way ("554 …" refuses the message), and
 * may answer later (a promise): the client waits for its reply as it waits for a slow server's.
 */
export function smtpStandIn(
  received: Array<{ from: string; to: string[]; data: string }>,
  refuse: (rcpt: string) => string | null = () => null,
  refuseData: (data: string) => string | null | Promise<string | null> = () => null,
): Promise<{ server: Server; port: number }> {
  const server = createServer((socket: Socket) => {
    let mail = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 stand-in ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const message = mail;
            mail = { from: '', to: [], data: '' };
            void Promise.resolve(refuseData(message.data)).then((refusal) => {
              if (refusal === null) received.push(message);
              socket.write(`${refusal ?? '250 queued'}\r\n`);
            });
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 stand-in\r\n');
        else if (verb === 'MAIL') {
          mail.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          const refusal = refuse(line);
          if (refusal === null) mail.to.push(line);
          socket.write(`${refusal ?? '250 ok'}\r\n`);
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}
