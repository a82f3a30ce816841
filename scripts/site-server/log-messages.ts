/** Lines the running server prints. Each is one line: a request's own trouble is no stack trace. */
export const logMessages = {
  buildFailed: 'Nothing is served: the site has the problems listed above. Fix them (npm run validate lists them again) and run npm start.',
  followOneProcess: '--follow serves from one process, which builds and switches to each new commit: leave WORKERS unset (or 1) with it.',
  serving: (url: string, storePath: string) => `Serving the site at ${url} (Ctrl+C to stop); form submissions go to ${storePath}`,
  portInUse: (host: string, port: number) =>
    `Port ${port} on ${host} is in use: stop the other server, or choose another port (PORT=8080 npm start).`,
  cannotListen: (host: string, port: number, code: string) => `Cannot listen on ${host}:${port} (${code}). Check HOST and PORT.`,
  aborted: (method: string, path: string, bytes: number) =>
    `${method} ${path}: the client closed the connection after ${bytes} bytes; nothing was saved.`,
  storeError: (code: string, detail: string) => `The store refused a write (${code}: ${detail}); the client was told nothing was saved.`,
  storeWorkerExit: (code: number) => `The store's writer stopped (exit code ${code}); starting it again.`,
  workerExit: (pid: number, code: number | null, signal: string | null) =>
    `Server process ${pid} stopped (${signal ?? `exit code ${code}`}); starting another.`,
  workersNeverStarted: (count: number, signal: string) =>
    `${count} server processes in a row were ended (${signal}) before they could start; stopping.`,
} as const;
