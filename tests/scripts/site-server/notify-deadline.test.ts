/**
 * Every try of a delivery ends at its deadline (NOTIFY_TIMEOUT_SECONDS), its connection closed:
 * a mail server or a webhook receiver that stalls, or keeps a connection alive by trickling a byte
 * at a time, in any phase of the exchange, holds no socket, lease or delivery slot beyond it, and
 * the try is recorded as failed in words. The other parties are real TCP servers on this machine
 * that speak just enough SMTP or HTTP to reach the phase they stall in; the tests wait for the
 * states (the try recorded, the server's socket closed), never for a time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryState } from '../../../scripts/site-server/store/submission';
import { type NotifySettings, notifySettings } from '../../../scripts/site-server/notify/notify-settings';
import { openSqlite as openStore } from '../../../scripts/site-server/store/open-sqlite';
import { startStoreWriter } from '../../../scripts/site-server/store/store-writer';
import { ENQUIRY } from '../../helpers/site-server';
import { until } from '../../helpers/notify';

/** Long enough for a loaded machine to reach the stalled phase on a local connection. */
const TIMEOUT_SECONDS = 5;
/** Each trickled byte comes well within nodemailer's idle timeout and the deadline alike. */
const TRICKLE_MS = 400;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'notify-deadline-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Connection {
  socket: Socket;
  /** What the client sent, as text. */
  heard: string;
  /** The phase this connection reached, as the server saw it. */
  phase: string;
  closed: boolean;
}

/** Sends `text` one byte every TRICKLE_MS, round and round, until the connection closes. */
function trickle(connection: Connection, text: string): void {
  let at = 0;
  const timer = setInterval(() => {
    if (connection.socket.destroyed) return clearInterval(timer);
    connection.socket.write(text[at % text.length] ?? ' ');
    at += 1;
  }, TRICKLE_MS);
  connection.socket.once('close', () => clearInterval(timer));
}

/** A TCP server; `speak` plays the other party's part on each connection. */
async function party(speak: (connection: Connection) => void) {
  const connections: Connection[] = [];
  const server = createServer((socket) => {
    const connection: Connection = { socket, heard: '', phase: 'connected', closed: false };
    connections.push(connection);
    socket.on('error', () => undefined);
    socket.on('close', () => (connection.closed = true));
    socket.on('data', (chunk) => (connection.heard += chunk.toString('latin1')));
    speak(connection);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    connections,
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const { socket } of connections) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * SMTP up to the phase named, where it stalls: after STARTTLS it answers "220" and never starts
 * TLS; after DATA it takes the message, then trickles a reply that never ends.
 */
const smtpStalling =
  (phase: 'STARTTLS' | 'DATA') =>
  (connection: Connection): void => {
    const { socket } = connection;
    socket.write('220 stall.example ESMTP\r\n');
    let pending = '';
    let inData = false;
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      if (inData) {
        if (!pending.includes('\r\n.\r\n')) return;
        inData = false;
        connection.phase = 'after DATA';
        return trickle(connection, '250 still thinking ');
      }
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const command = pending.slice(0, end).toUpperCase();
        pending = pending.slice(end + 2);
        if (command.startsWith('EHLO'))
          socket.write(`250-stall.example\r\n${phase === 'STARTTLS' ? '250-STARTTLS\r\n' : ''}250 8BITMIME\r\n`);
        else if (command.startsWith('STARTTLS')) {
          connection.phase = 'after STARTTLS';
          socket.write('220 go ahead\r\n');
          return;
        } else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
  };

/** One enquiry stored with the delivery settings in `env`, its delivery tried once (the next try is an hour away). */
async function deliverOnce(name: string, env: Record<string, string>) {
  const path = join(dir, `${name}.db`);
  const settings = notifySettings({ ...env, NOTIFY_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS), NOTIFY_RETRY_SECONDS: '3600' });
  const writer = await startStoreWriter(path, { notify: settings as NotifySettings });
  const id = await writer.add({ kind: 'enquiry', enquiry: ENQUIRY });
  const store = openStore(path);
  return {
    /** Waits until the first try is over, recorded as failed (with its error) or delivered, and gives its state. */
    tried: (): Promise<DeliveryState> =>
      until('the try to be recorded', () => {
        const [state] = store.deliveriesOf('enquiry', id);
        return state && (state.lastError !== null || state.state !== 'waiting') && state;
      }),
    close: async (): Promise<void> => {
      store.close();
      await writer.close();
    },
  };
}

const MAIL_TIME_UP = `the mail server did not finish within ${TIMEOUT_SECONDS} s (NOTIFY_TIMEOUT_SECONDS); the connection to it was closed`;
const HOOK_TIME_UP = `the webhook receiver did not finish within ${TIMEOUT_SECONDS} s (NOTIFY_TIMEOUT_SECONDS); the connection to it was closed`;
const MAIL = { NOTIFY_TO: 'sales@example.com', NOTIFY_FROM: 'site@example.com' };
const HOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

describe('a try by e-mail', () => {
  it.each([
    ['connecting: the TLS handshake never answered', 'smtps', (_: Connection): void => undefined, 'connected'],
    [
      'the greeting: trickled a byte at a time, never ending',
      'smtp',
      (connection: Connection): void => trickle(connection, '220 hello '),
      'connected',
    ],
    ['STARTTLS: the TLS handshake never answered', 'smtp', smtpStalling('STARTTLS'), 'after STARTTLS'],
    ['after DATA: the reply trickled a byte at a time, never ending', 'smtp', smtpStalling('DATA'), 'after DATA'],
  ] as const)(
    'ends at its deadline with its connection closed when the server stalls in %s',
    async (_phase, scheme, speak, reached) => {
      const server = await party(speak);
      const delivery = await deliverOnce(`mail-${reached}-${scheme}`, { SMTP_URL: `${scheme}://127.0.0.1:${server.port}`, ...MAIL });
      try {
        const state = await delivery.tried();
        expect(state).toMatchObject({ state: 'waiting', attempts: 1, lastError: MAIL_TIME_UP });
        const [connection] = await until(
          'the server’s socket to close',
          () => server.connections.every((each) => each.closed) && server.connections,
        );
        expect(server.connections).toHaveLength(1);
        expect(connection?.phase).toBe(reached);
        if (reached === 'after DATA') expect(connection?.heard).toContain('A pilot, please.');
      } finally {
        await delivery.close();
        await server.close();
      }
    },
    300_000,
  );
});

describe('a try by webhook', () => {
  const answerHead = (connection: Connection, head: string, then: () => void): void => {
    connection.socket.on('data', () => {
      if (connection.phase !== 'connected' || !connection.heard.includes('\r\n\r\n')) return;
      connection.phase = 'answering';
      connection.socket.write(head);
      then();
    });
  };

  it.each([
    ['no answer at all', 'http', (_: Connection): void => undefined],
    ['no answer to the TLS handshake', 'https', (_: Connection): void => undefined],
    [
      'its answer’s head trickled a byte at a time',
      'http',
      (connection: Connection): void => answerHead(connection, '', () => trickle(connection, 'HTTP/1.1 200 OK\r\n')),
    ],
  ] as const)(
    'ends at its deadline with its connection closed when the receiver sends %s',
    async (what, scheme, speak) => {
      const server = await party(speak);
      const delivery = await deliverOnce(`hook-${what.length}`, {
        WEBHOOK_URL: `${scheme}://127.0.0.1:${server.port}/leads`,
        WEBHOOK_SECRET: HOOK_SECRET,
      });
      try {
        expect(await delivery.tried()).toMatchObject({ state: 'waiting', attempts: 1, lastError: HOOK_TIME_UP });
        await until(
          'the receiver’s socket to close',
          () => server.connections.length > 0 && server.connections.every((each) => each.closed),
        );
        expect(server.connections).toHaveLength(1);
      } finally {
        await delivery.close();
        await server.close();
      }
    },
    300_000,
  );

  it('is delivered on a 2xx whose body trickles, without waiting for the body, and lets the connection go', async () => {
    const server = await party((connection) =>
      answerHead(connection, 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n', () =>
        trickle(connection, 'ok '),
      ),
    );
    const delivery = await deliverOnce('hook-body', { WEBHOOK_URL: `http://127.0.0.1:${server.port}/leads`, WEBHOOK_SECRET: HOOK_SECRET });
    try {
      expect(await delivery.tried()).toMatchObject({ state: 'delivered', attempts: 1, lastError: null });
      await until('the receiver’s socket to close', () => server.connections.length > 0 && server.connections.every((each) => each.closed));
    } finally {
      await delivery.close();
      await server.close();
    }
  });
});
