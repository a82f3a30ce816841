/**
 * A server that takes every connection and never says a word: the remote that hangs. It reads
 * what it is sent (so it sees the other side hang up) and counts the connections it took and
 * those still open. `url` reaches it as a git:// remote, `http` as an HTTP one (through git's
 * own helper process, git-remote-http).
 */
import { createServer, type Socket } from 'node:net';

export interface SilentServer {
  url: string;
  http: string;
  accepted: () => number;
  open: () => number;
  /** Closes every connection from this side, as a remote that gives up does. */
  hangUp: () => void;
  close: () => Promise<void>;
}

export async function silentServer(): Promise<SilentServer> {
  const open = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    open.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => open.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `git://127.0.0.1:${port}/site.git`,
    http: `http://127.0.0.1:${port}/site.git`,
    accepted: () => accepted,
    open: () => open.size,
    hangUp: () => {
      for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `state` holds, looking every 50 ms, for at most five minutes (a loaded machine is slow, never this slow). */
export async function until(state: () => boolean): Promise<void> {
  const end = Date.now() + 300_000;
  while (!state()) {
    if (Date.now() > end) throw new Error('The state waited for never came.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
