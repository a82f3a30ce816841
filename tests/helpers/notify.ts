/**
 * The other party of a delivery, real and local, for the tests of delivery: a mail server
 * (smtp-server, nodemailer's own) that keeps every mail it is sent, and the way to wait for a
 * state (wait.ts).
 */
import type { Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export { until } from './wait';

/** A local SMTP server that keeps every mail it is sent, raw; `options` change its ways (a login it refuses). */
export async function mailSink(options: SMTPServerOptions = {}) {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server.server as Server).address() as AddressInfo;
  return {
    mails,
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
