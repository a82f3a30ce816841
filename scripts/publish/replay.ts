/**
 * The commits made here, replayed onto what the remote has now: a rebase done on git's objects
 * alone, so the person's files on disk and their index are never touched, and nothing changes
 * here until the result has been pushed (push-commits.ts). Each commit keeps its author, date and
 * message. A file only one side changed takes that side's version; a content file both sides
 * changed merges block by block (src/content/merge.ts: base = the commit's parent's version,
 * theirs = the remote's, mine = the commit's); where both changed one field, or a file that is
 * not a page (a picture) both replaced, the person chooses, through `choices`.
 */
import { rewriteJson } from '../content/fixing/migrate-tree';
import { type Conflict, type JsonObject, merge, type Side } from '../../src/content/merge';
import { type Author, blobText, nulSplit, type Repository, run, withIndex } from './git/repository';
import { SITE_FILE_NAME } from '../../src/content/site-file-name';

/** One file where a commit made here and the remote's changes meet. */
export interface FileConflict {
  /** What `choices` names this conflict by: the commit made here and the file. */
  key: string;
  path: string;
  /** The commit made here (its id before any rebase) whose change meets the remote's. */
  commit: string;
  /** That commit's first line, for the person to know which change it was. */
  subject: string;
  /** The page's title (the site file: "Menus, footer and site settings"; a picture: its file name), for the person to know which page. */
  title: string;
  /** Who last changed the file on the remote, and when (ISO): the colleague whose change meets this one. */
  by: { name: string; date: string } | null;
  /**
   * The fields both changed, as the merge reports them (each with base, theirs = the remote's
   * value, mine = this commit's). Empty when the file conflicts as a whole (a picture replaced on
   * both sides, a file removed on one side and changed on the other, a file that is not JSON):
   * its choice is then one side for the whole file.
   */
  conflicts: Conflict[];
}

/** The person's choices, by FileConflict key: one side per conflict, in order (one for a whole file). */
export type Choices = Readonly<Record<string, readonly Side[]>>;

/** A file's entry in a tree: its mode and object, or absent. */
interface Entry {
  mode: string;
  object: string;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const sameEntry = (a: Entry | undefined, b: Entry | undefined): boolean => a?.mode === b?.mode && a?.object === b?.object;

/** The files a commit changed, with their entries before (in its parent) and after. */
async function changedFiles(repo: Repository, parent: string, commit: string): Promise<Map<string, { before?: Entry; after?: Entry }>> {
  const fields = nulSplit((await run(repo, ['diff-tree', '-r', '-z', '--no-renames', parent, commit])).stdout);
  const files = new Map<string, { before?: Entry; after?: Entry }>();
  for (let at = 0; at + 1 < fields.length; at += 2) {
    // ":100644 100644 <before> <after> M", then the path.
    const [oldMode, newMode, oldObject, newObject] = (fields[at] as string).slice(1).split(' ');
    const entry = (mode = '', object = ''): Entry | undefined => (/^0+$/.test(mode) ? undefined : { mode, object });
    files.set(fields[at + 1] as string, { before: entry(oldMode, oldObject), after: entry(newMode, newObject) });
  }
  return files;
}

/**
 * The page a conflict is in, by its title (from any of its versions `texts`), and the colleague
 * who last changed it on the remote `onto`, with when.
 */
async function whose(repo: Repository, onto: string, path: string, texts: string[]): Promise<Pick<FileConflict, 'title' | 'by'>> {
  let title = path === 'pages/_site.json' ? SITE_FILE_NAME : (path.split('/').pop() ?? path).replace(/\.json$/, '');
  // The person's own version's title first: the page as they know it.
  for (const text of path === 'pages/_site.json' ? [] : [...texts].reverse()) {
    const value = parseObject(text);
    if (typeof value?.title === 'string') {
      title = value.title;
      break;
    }
  }
  const [name, date] = (await run(repo, ['log', '-1', '--format=%an%x00%aI', onto, '--', path])).stdout.trim().split('\0');
  return { title, by: name && date ? { name, date } : null };
}

/** The entries of `paths` in a commit's tree. */
async function entriesIn(repo: Repository, commit: string, paths: string[]): Promise<Map<string, Entry>> {
  const listed = nulSplit((await run(repo, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...paths])).stdout);
  return new Map(
    listed.map((line) => {
      const [info = '', path = ''] = line.split('\t');
      const [mode = '', , object = ''] = info.split(' ');
      return [path, { mode, object }];
    }),
  );
}

const parseObject = (text: string | null): JsonObject | undefined => {
  try {
    const value: unknown = text === null ? undefined : JSON.parse(text.replace(/^\uFEFF/, ''));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/** A commit's author and committer (name, e-mail and git's raw date) and its message, from the commit object. */
async function commitParts(repo: Repository, commit: string) {
  const text = (await run(repo, ['cat-file', 'commit', commit])).stdout;
  const split = text.indexOf('\n\n');
  const header = split < 0 ? text : text.slice(0, split);
  const person = (role: string) => {
    const found = new RegExp(`^${role} (.*) <(.*)> (\\d+ [+-]\\d{4})$`, 'm').exec(header);
    return { name: found?.[1] ?? '', email: found?.[2] ?? '', date: found?.[3] ?? '' };
  };
  return { author: person('author'), committer: person('committer'), message: split < 0 ? '' : text.slice(split + 2) };
}

/**
 * Replays `commits` (oldest first, none a merge) onto `onto`. Returns the new tip and every
 * commit made on the way to it (oldest first, each to be checked before it is pushed), or every
 * conflict the person has not chosen for yet (replaying on past each one with their own side, so
 * that all are found at once). `committer` is git's configured user; without one each commit
 * keeps its committer.
 */
export async function replay(
  repo: Repository,
  commits: string[],
  onto: string,
  choices: Choices,
  committer: Author | null,
): Promise<{ tip: string; made: string[] } | { conflicts: FileConflict[] }> {
  const open: FileConflict[] = [];
  const made: string[] = [];
  let parent = onto;
  for (const commit of commits) {
    const original = (await run(repo, ['rev-parse', `${commit}^`])).stdout.trim();
    const files = await changedFiles(repo, original, commit);
    const theirs = await entriesIn(repo, parent, [...files.keys()]);
    const parts = await commitParts(repo, commit);
    const subject = parts.message.split('\n')[0] ?? '';
    const updates: string[] = [];
    for (const [path, { before, after }] of files) {
      const their = theirs.get(path);
      let result = after;
      if (!sameEntry(their, before) && !sameEntry(their, after)) {
        const key = `${commit}:${path}`;
        const given = choices[key] ?? [];
        const texts =
          before && after && their && path.endsWith('.json')
            ? await Promise.all([before, their, after].map((entry) => blobText(repo, entry.object)))
            : [];
        const [base, other, mine] = texts.map(parseObject);
        if (base && other && mine) {
          const merged = merge(base, other, mine, given);
          if (merged.conflicts.some((_, index) => given[index] === undefined))
            open.push({ key, path, commit, subject, ...(await whose(repo, onto, path, texts)), conflicts: merged.conflicts });
          const text = rewriteJson(texts[1] as string, merged.merged);
          result = {
            mode: after?.mode ?? '100644',
            object: (await run(repo, ['hash-object', '-w', '--stdin'], { input: text })).stdout.trim(),
          };
        } else {
          if (given[0] === undefined) open.push({ key, path, commit, subject, ...(await whose(repo, onto, path, texts)), conflicts: [] });
          result = given[0] === 'theirs' ? their : after;
        }
      }
      updates.push(result ? `${result.mode} ${result.object}\t${path}` : `0 ${'0'.repeat(onto.length)}\t${path}`);
    }
    const tree = await withIndex(repo, parent, async (env) => {
      await run(repo, ['update-index', '-z', '--index-info'], { env, input: updates.map((line) => `${line}\0`).join('') });
      return (await run(repo, ['write-tree'], { env })).stdout.trim();
    });
    const who = committer ?? parts.committer;
    parent = (
      await run(repo, ['commit-tree', tree, '-p', parent, '-F', '-'], {
        input: parts.message,
        env: {
          GIT_AUTHOR_NAME: parts.author.name,
          GIT_AUTHOR_EMAIL: parts.author.email,
          GIT_AUTHOR_DATE: parts.author.date,
          GIT_COMMITTER_NAME: who.name,
          GIT_COMMITTER_EMAIL: who.email,
        },
      })
    ).stdout.trim();
    made.push(parent);
  }
  return open.length > 0 ? { conflicts: open } : { tip: parent, made };
}
