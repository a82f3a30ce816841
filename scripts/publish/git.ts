/**
 * Git, run the one safe way: the `git` program with its arguments as a list (never a shell, so
 * nothing in a path, a message or a branch name is ever read as a command), every path after
 * `--` (so a file named `-rf` is a file, never an option), messages and other free text on
 * stdin, no prompt for credentials (a push that would ask fails in words instead of hanging),
 * and git's own messages in English whatever the machine's language, to be shown as they are.
 */
import { spawn } from 'node:child_process';

export interface GitOptions {
  /** Text for git's standard input (a commit message with `-F -`, a list of paths). */
  input?: string;
  /** More environment for this call (an author's name and e-mail). */
  env?: Record<string, string>;
  /** Answer a failure as a result instead of throwing (a push the remote refuses, a merge that stops). */
  allowFailure?: boolean;
}

export interface GitResult {
  /** The exit code: 0 for success. */
  code: number;
  stdout: string;
  stderr: string;
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

/** Arguments, then `--`, then paths: a path can never be taken for an option or a revision. */
export const withPaths = (args: readonly string[], paths: readonly string[]): string[] => [...args, '--', ...paths];

/** Runs `git` in `cwd` with `args`; resolves with its output, or rejects with a GitError unless `allowFailure`. */
export function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd,
      shell: false,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...options.env,
        // Never wait for a person at a terminal: there is none.
        GIT_TERMINAL_PROMPT: '0',
        GIT_ASKPASS: '',
        SSH_ASKPASS: '',
        GIT_EDITOR: 'true',
        GIT_MERGE_AUTOEDIT: 'no',
        LC_ALL: 'C',
        LANGUAGE: 'C',
      },
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const result = { code: code ?? 1, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') };
      if (result.code !== 0 && !options.allowFailure) reject(new GitError(args, result.code, result.stderr));
      else resolve(result);
    });
    // A closed stdin is an empty one: git never waits for input it was not given.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
