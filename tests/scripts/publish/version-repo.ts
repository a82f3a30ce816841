/**
 * A real git repository in a temporary folder, for the history, compare and restore tests: a
 * copy of the project's content (pages/, schemas/, public/) committed once, then commits made
 * by named people on chosen dates, so what the history says can be matched exactly. The
 * machine's own git settings are left out (no signing, no hooks, no user of its own).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { git, withPaths } from '../../../scripts/publish/git/git';
import { root as projectRoot } from '../../helpers/project';

export interface Author {
  name: string;
  email: string;
}

export const ANA: Author = { name: 'Ana Müller', email: 'ana@example.com' };
export const BEN: Author = { name: 'Ben O’Neil', email: 'ben@example.org' };

/** Git without the machine's settings: nothing but the repository's own. */
export const ISOLATED = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

const FIRST_DAY = '2026-11-01T09:00:00+01:00';

/** The environment of a commit by `author` on `date`, as both its author and its committer. */
export const authorEnv = (author: Author, date = FIRST_DAY): Record<string, string> => ({
  ...ISOLATED,
  GIT_AUTHOR_NAME: author.name,
  GIT_AUTHOR_EMAIL: author.email,
  GIT_AUTHOR_DATE: date,
  GIT_COMMITTER_NAME: author.name,
  GIT_COMMITTER_EMAIL: author.email,
  GIT_COMMITTER_DATE: date,
});

export interface VersionRepo {
  root: string;
  /** Writes (or, for null, deletes) the files and commits them as `author` on `date`; resolves with the commit's id. */
  commit: (message: string, files: Record<string, string | null>, author?: Author, date?: string) => Promise<string>;
  /** Runs git in the repository as `author` on `date` (git mv, then commit). */
  run: (args: string[], author?: Author, date?: string) => Promise<string>;
  remove: () => void;
}

/** A repository holding a copy of the project's content, committed by Ana on 1 November 2026. */
export async function versionRepo(name: string): Promise<VersionRepo> {
  const root = mkdtempSync(join(tmpdir(), `${name}-`));
  for (const folder of ['pages', 'schemas', 'public']) cpSync(join(projectRoot, folder), join(root, folder), { recursive: true });
  const run = async (args: string[], author = ANA, date = FIRST_DAY, input?: string): Promise<string> =>
    (await git(root, args, { env: authorEnv(author, date), ...(input === undefined ? {} : { input }) })).stdout.trim();
  const commit = async (message: string, files: Record<string, string | null>, author = ANA, date = FIRST_DAY): Promise<string> => {
    for (const [path, text] of Object.entries(files)) {
      if (text === null) rmSync(join(root, path));
      else {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
    }
    await run(withPaths(['add', '--all'], Object.keys(files)));
    await run(['commit', '-q', '-F', '-'], author, date, message);
    return run(['rev-parse', 'HEAD']);
  };
  await run(['init', '-q', '-b', 'main']);
  await run(['add', '--all']);
  await run(['commit', '-q', '-m', 'The site as it was']);
  return { root, commit, run, remove: () => rmSync(root, { recursive: true, force: true }) };
}
