/**
 * The follower's own git calls (rev-parse, diff-tree, log with signatures, read-tree), each with
 * a deadline: a call that has not finished when its time is up is ended, with every process it
 * started (ssh-keygen checking a signature, a filter), and said in words; it never holds the
 * follower, or a build, forever. Run as scripts/publish/git/git.ts runs git: no shell, no prompt,
 * git's own messages in English.
 */
import { UNATTENDED_GIT } from '../../publish/git/git';
import { runWithin } from './run-within';

interface FollowGitResult {
  code: number;
  stdout: string;
  stderr: string;
}

interface FollowGitOptions {
  input?: string;
  /** More environment for this call (a private index). */
  env?: Record<string, string>;
  /** Answer a failure as a result instead of throwing. A deadline passed always throws. */
  allowFailure?: boolean;
  /** Beyond this much output the call is ended and throws (a commit of a million files). */
  maxOutputBytes?: number;
}

/** A git call of the follower that failed or ran out of time, said in words. */
export class FollowGitError extends Error {
  constructor(
    message: string,
    /** Why: it failed, its time was up, it said more than it may, or the server stopped. */
    readonly why: 'failed' | 'timedOut' | 'overflowed' | 'aborted',
  ) {
    super(message);
    this.name = 'FollowGitError';
  }
}

export type FollowGit = (args: readonly string[], options?: FollowGitOptions) => Promise<FollowGitResult>;

/** Git in `checkout`, each call ended after `timeoutMs` or when `signal` aborts. */
export function followGit(checkout: string, timeoutMs: number, signal?: AbortSignal): FollowGit {
  return async (args, options = {}) => {
    const name = `git ${args.find((arg) => !arg.startsWith('-') && !arg.includes('=')) ?? ''}`.trim();
    const run = await runWithin('git', args, {
      cwd: checkout,
      env: {
        ...process.env,
        ...options.env,
        ...UNATTENDED_GIT,
      },
      timeoutMs,
      input: options.input,
      signal,
      maxOutputBytes: options.maxOutputBytes,
    });
    if (run.startError) throw new FollowGitError(`git could not be started (${run.startError.message})`, 'failed');
    if (run.timedOut) throw new FollowGitError(`${name} did not finish within ${timeoutMs / 1000} s, so it was ended`, 'timedOut');
    if (run.aborted) throw new FollowGitError(`${name} was ended as the server stopped`, 'aborted');
    if (run.overflowed)
      throw new FollowGitError(`${name} printed more than ${options.maxOutputBytes} bytes, so it was ended`, 'overflowed');
    const result = { code: run.code ?? 1, stdout: run.stdout, stderr: run.stderr };
    if (result.code !== 0 && !options.allowFailure)
      throw new FollowGitError(
        `${name} failed (exit ${result.code}): ${result.stderr.trim().split('\n').slice(-3).join(' ') || 'no message'}`,
        'failed',
      );
    return result;
  };
}
