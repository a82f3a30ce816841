/**
 * `git log` read as data: each commit's id, dates, author and whole message, and the files it
 * changed with how. Messages may hold any character but NUL (git refuses NUL in a message), so
 * every field is ended by NUL (`-z` and %x00 in the format), read by its count, never split on
 * a character a person could type. Whatever the configuration of the machine says (colours,
 * relative paths, an external diff, a signature check, a log encoding), the output is the same.
 */
import type { CommitInfo } from '../../../src/content/publishing-types';
import { git } from '../git/git';

/** A file a commit changed: git's status letter (A, M, D, R, C, T), its path, and for a rename or copy the path before. */
interface FileChange {
  status: string;
  path: string;
  from?: string;
}

export interface LogEntry extends CommitInfo {
  files: FileChange[];
}

/** Paths given to git are literal: a file named ":(glob)*" or "*" is that file, never a pattern. */
const LITERAL_PATHS = { GIT_LITERAL_PATHSPECS: '1' } as const;

/** The options that make `git log`'s output the same on every machine; the format's fields end with NUL. */
const LOG_ARGS = [
  'log',
  '-z',
  '--no-color',
  '--no-show-signature',
  '--no-ext-diff',
  '--no-relative',
  '--encoding=UTF-8',
  '--format=%H%x00%aI%x00%cI%x00%an%x00%ae%x00%B',
];
const FIELDS = 6;

/** A status token: a letter, for a rename or copy with its similarity ("R100"). A commit id is lowercase hex, never this. */
const STATUS = /^[A-Z]\d*$/;

/**
 * Runs `git log` with `args` (options, revisions, then `--` and paths: the caller's) and reads
 * its commits; `--name-status` among the args gives each its files. Git ends a commit's
 * message with NUL, then its files as "status NUL path NUL" (a newline before the first),
 * then the next commit's id.
 */
export async function gitLog(root: string, args: readonly string[]): Promise<LogEntry[]> {
  const { stdout } = await git(root, [...LOG_ARGS, ...args], { env: LITERAL_PATHS });
  const tokens = stdout.split('\0');
  const entries: LogEntry[] = [];
  let at = 0;
  const next = (): string => tokens[at++] ?? '';
  while (at + FIELDS <= tokens.length) {
    const [commit, date, committed, name, email, raw] = Array.from({ length: FIELDS }, next);
    const message = (raw ?? '').replace(/\n+$/, '');
    const files: FileChange[] = [];
    for (let status = (tokens[at] ?? '').replace(/^\n/, ''); STATUS.test(status); status = (tokens[at] ?? '').replace(/^\n/, '')) {
      at += 1;
      const renamed = status.startsWith('R') || status.startsWith('C');
      const from = renamed ? next() : undefined;
      files.push({ status, path: next(), ...(from === undefined ? {} : { from }) });
    }
    entries.push({
      commit: (commit ?? '').replace(/^\n/, ''),
      date: date ?? '',
      committed: committed ?? '',
      author: { name: name ?? '', email: email ?? '' },
      subject: message.split('\n', 1)[0] ?? '',
      message,
      files,
    });
  }
  return entries;
}
