/**
 * Runs a program for the follower with a deadline: git, and the build of a commit. The program
 * leads a process group of its own, and when its time is up, when the follower stops, or when it
 * ends, the whole group is ended (a build starts other processes: Vite, esbuild, the
 * prerendering threads' helpers), so nothing it started outlives it. Never through a shell.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** When it is ended if it has not finished. */
  timeoutMs: number;
  /** Text for its standard input (closed after it, so it never waits for more). */
  input?: string;
  /** Ends it early (the follower stops). */
  signal?: AbortSignal;
  /** Runs it as this user and group (the server runs as root, the build does not). */
  user?: { uid: number; gid: number };
  /** Kept of each of stdout and stderr (64 MB unless said). */
  maxOutputBytes?: number;
  /** Beyond `maxOutputBytes`: end the program and set `overflowed` (git's answers), or drop the rest (a build's talk). */
  overflow?: 'end' | 'drop';
}

export interface RunResult {
  /** Its exit code; null when a signal ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** The last of what it printed on either stream, in the order printed: enough to say why it failed. */
  output: string;
  timedOut: boolean;
  aborted: boolean;
  overflowed: boolean;
  /** Why it could not be started at all (no such program, a user it cannot become). */
  startError?: Error;
}

/** What is kept of the interleaved output. */
const TAIL_BYTES = 64 * 1024;
/**
 * After the program ends, how long its output streams may stay open: a process that left its
 * group (setsid) and holds them open must not keep the follower waiting.
 */
const CLOSE_WAIT_MS = 2000;

/** Ends every process of the group `pid` leads; one already gone is no error. */
function endGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is empty: nothing is left to end.
  }
}

/** Runs `command` with `args`; resolves (never rejects) once it and its group have ended. See the file's comment. */
export function runWithin(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const limit = options.maxOutputBytes ?? 64 * 1024 * 1024;
  return new Promise((resolve) => {
    const result: RunResult = { code: null, stdout: '', stderr: '', output: '', timedOut: false, aborted: false, overflowed: false };
    const kept = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
    const sizes = { stdout: 0, stderr: 0 };
    const tail: Buffer[] = [];
    let tailBytes = 0;
    let settled = false;
    let closeTimer: NodeJS.Timeout | undefined;
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command, args, {
        cwd: options.cwd,
        env: options.env,
        shell: false,
        // Its own process group, which it leads: the group is what is ended.
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
        ...(options.user ? { uid: options.user.uid, gid: options.user.gid } : {}),
      });
    } catch (error) {
      return resolve({ ...result, startError: error as Error });
    }
    const end = (why: 'timedOut' | 'aborted' | 'overflowed'): void => {
      result[why] = true;
      endGroup(child.pid);
    };
    const timer = setTimeout(() => end('timedOut'), options.timeoutMs);
    const onAbort = (): void => end('aborted');
    options.signal?.addEventListener('abort', onAbort);
    if (options.signal?.aborted) onAbort();

    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(closeTimer);
      options.signal?.removeEventListener('abort', onAbort);
      result.stdout = Buffer.concat(kept.stdout).toString('utf8');
      result.stderr = Buffer.concat(kept.stderr).toString('utf8');
      result.output = Buffer.concat(tail).toString('utf8');
      resolve(result);
    };
    const take = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      if (sizes[stream] < limit) kept[stream].push(chunk.subarray(0, limit - sizes[stream]));
      sizes[stream] += chunk.length;
      if (sizes[stream] > limit && options.overflow !== 'drop' && !result.overflowed) end('overflowed');
      tail.push(chunk);
      tailBytes += chunk.length;
      while (tailBytes > TAIL_BYTES && tail.length > 1) tailBytes -= tail.shift()?.length ?? 0;
    };
    const { stdin, stdout, stderr } = child as ChildProcessWithoutNullStreams;
    stdout.on('data', take('stdout'));
    stderr.on('data', take('stderr'));
    stdin.on('error', () => undefined);
    stdin.end(options.input ?? '');
    child.on('error', (error) => {
      result.startError = error;
      finish();
    });
    child.on('exit', (code) => {
      result.code = code;
      // Whatever it started and left running ends with it.
      endGroup(child.pid);
      closeTimer = setTimeout(() => {
        stdout.destroy();
        stderr.destroy();
        finish();
      }, CLOSE_WAIT_MS);
    });
    child.on('close', (code) => {
      if (result.code === null) result.code = code;
      finish();
    });
  });
}
