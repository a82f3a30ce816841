/** Starts a server for scripts/bench/editor.ts the way a person does, with `npm run`. */
import { type ChildProcess, spawn } from 'node:child_process';

/** An editor's server, started as a person starts it, in a process group of its own (so it ends whole). */
export interface Server {
  url: string;
  /** What it printed, line by line. */
  output: string[];
  stop: () => void;
}

/** Starts `npm run <script>` in `cwd` and waits for the address it prints. */
export function startServer(cwd: string, script: string, env: NodeJS.ProcessEnv): Promise<Server> {
  const child: ChildProcess = spawn('npm', ['run', '--silent', script], {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const stop = (): void => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output.push(...chunk.toString().split('\n').filter(Boolean));
      const url = output.map((line) => /https?:\/\/127\.0\.0\.1:\d+\//.exec(line)?.[0]).find(Boolean);
      if (url) resolve({ url: url.replace(/\/$/, ''), output, stop });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm run ${script} ended (${code}): ${output.slice(-3).join(' ')}`)));
  });
}
