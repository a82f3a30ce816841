/**
 * Git, run the one safe way: the `git` program with its arguments as a list (never a shell, so
 * nothing in a path, a message or a branch name is ever read as a command), every path after
 * `--` (so a file named `-rf` is a file, never an option), messages and other free text on
 * stdin, no prompt for credentials (a push that would ask fails in words instead of hanging),
 * and git's own messages in English whatever the machine's language, to be shown as they are.
 *
 * A call that talks to another machine (a push, a fetch) is given a time limit: a server that
 * accepts the connection and never answers would otherwise hold it, and whoever waits for it,
 * for ever. When the time is up, git and every process it started (ssh, a remote helper) are
 * ended together, and the call rejects with a GitTimeout.
 */
import { spawn } from 'node:child_process';

export interface GitOptions {
  /** Text or bytes for git's standard input (a commit message with `-F -`, a list of paths, a picture to hash). */
  input?: string | Buffer;
  /** More environment for this call (an author's name and e-mail). */
  env?: Record<string, string>;
  /** Answer a failure as a result instead of throwing (a push the remote refuses, a merge that stops). */
  allowFailure?: boolean;
  /** Ends git (and what it started) after this many milliseconds and rejects with a GitTimeout, allowFailure or not. */
  timeoutMs?: number;
  /** Keep standard output as bytes too (`bytes`): a picture read from git is no text. */
  binary?: boolean;
}

export interface GitResult {
  /** The exit code: 0 for success. */
  code: number;
  stdout: string;
  stderr: string;
  /** Standard output as git wrote it, when `binary` was asked for. */
  bytes?: Buffer;
}

/** A git call that failed: its arguments, its exit code and what git said. */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number,
    readonly stderr: string,
  ) {
    super(`git ${args[0] ?? ''} failed (exit ${code}): ${stderr.trim() || 'no message'}`);
    this.name = 'GitError';
  }
}

/** A git call ended because its time was up (GitOptions.timeoutMs). */
export class GitTimeout extends GitError {
  constructor(
    args: readonly string[],
    readonly timeoutMs: number,
    stderr: string,
  ) {
    super(args, -1, stderr);
    this.message = `git ${args[0] ?? ''} gave no answer within ${Math.round(timeoutMs / 1000)} s and was ended`;
    this.name = 'GitTimeout';
  }
}

/** Arguments, then `--`, then paths: a path can never be taken for an option or a revision. */
export const withPaths = (args: readonly string[], paths: readonly string[]): string[] => [...args, '--', ...paths];

/** Git's environment when no person is there: it never asks at a terminal, and speaks English whatever the machine's language. */
export const UNATTENDED_GIT = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_ASKPASS: '',
  SSH_ASKPASS: '',
  GIT_EDITOR: 'true',
  GIT_MERGE_AUTOEDIT: 'no',
  LC_ALL: 'C',
  LANGUAGE: 'C',
} as const;

/** How long git has to end after it was asked to (SIGTERM lets it remove its lock files) before it is killed. */
const GRACE_MS = 3000;

/** Runs `git` in `cwd` with `args`; resolves with its output, or rejects with a GitError unless `allowFailure`. */
export function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const limited = options.timeoutMs !== undefined;
    const child = spawn('git', args, {
      cwd,
      shell: false,
      stdio: ['pipe', 'pipe', 'pipe'],
      // A group of its own, so that the time limit ends git's helpers with it (and none can ask at a terminal).
      detached: limited,
      env: {
        ...process.env,
        ...options.env,
        ...UNATTENDED_GIT,
      },
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (result: GitResult | Error): void => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const signalGroup = (signal: NodeJS.Signals): void => {
      try {
        // The whole group: git, and the ssh or remote helper it started.
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // Ended already.
      }
    };
    if (limited) {
      timers.push(
        setTimeout(() => {
          // Ended already, its output still on its way: that is an answer in time.
          if (child.exitCode !== null || child.signalCode !== null) return;
          timedOut = true;
          signalGroup('SIGTERM');
          timers.push(setTimeout(() => signalGroup('SIGKILL'), GRACE_MS));
        }, options.timeoutMs),
      );
    }
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => finish(error));
    // 'exit', not 'close', once the time is up: a helper that escaped the group could hold the pipes open.
    child.on('exit', () => {
      if (!timedOut) return;
      child.stdout.destroy();
      child.stderr.destroy();
      finish(new GitTimeout(args, options.timeoutMs ?? 0, Buffer.concat(stderr).toString('utf8')));
    });
    child.on('close', (code) => {
      if (timedOut) return;
      const out = Buffer.concat(stdout);
      const result: GitResult = {
        code: code ?? 1,
        stdout: out.toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        ...(options.binary ? { bytes: out } : {}),
      };
      finish(result.code !== 0 && !options.allowFailure ? new GitError(args, result.code, result.stderr) : result);
    });
    // A closed stdin is an empty one: git never waits for input it was not given.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
