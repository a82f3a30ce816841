/**
 * Why a commit did not go live, in the words of the person who published it (a marketing
 * person, through the editor, which shows them after "Not live:"): what the live site did, that
 * visitors still see the site as it was, and what to do. One line each, no commit ids, commands
 * or setting names: those are in the follower's own lines (follow-messages.ts), for whoever runs
 * the server.
 */
import { routeOfFile } from '../../content/route-of-file';

const UNCHANGED = 'visitors still see the site as it was';

/** The longest part of a build's own words a reason quotes. */
const QUOTED_MAX = 300;

/** Where a content file's problem is, as the person knows it: a page by its address, the menus, an entry, a file. */
function placeOf(file: string): string {
  if (file === 'pages/_site.json') return 'the menus, footer and site settings';
  const entry = /^pages\/_collections\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (entry) return `the entry “${entry[2]}” of the ${entry[1]} collection`;
  const route = file.startsWith('pages/') ? routeOfFile(file.slice('pages/'.length)) : null;
  return route ? `the page at ${route}` : 'one of the site’s files';
}

/**
 * The one problem a failed build names in the site's content, if it names one, in the person's
 * words: the build's checks report a problem as a line that starts with a content file and its
 * place, then the field's path and the words, then the code (`pages/services.json:12:5  blocks[0].heading: … [tooLong]`);
 * it is said as "the page at /services: …". Nothing else of a build's output is quoted: it may
 * name the server's own folders.
 */
export function contentProblem(output: string): string | undefined {
  for (const raw of output.split(/\r?\n/)) {
    const line = raw.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ').trim();
    const found = /^((?:pages|public|docs)\/[^\s:]+)(?::\d+)+\s+(?:[\w$.[\]-]+: )?(.*?)(?: \[\w[\w-]*\])?$/.exec(line);
    if (!found) continue;
    const words = found[2] ?? '';
    const said = `${placeOf(found[1] ?? '')}: ${words.length > QUOTED_MAX ? `${words.slice(0, QUOTED_MAX - 1)}…` : words}`;
    return /[.…?!]$/.test(said) ? said : `${said}.`;
  }
  return undefined;
}

export const liveReasons = {
  /** Its changes touch the site's code, which is built only from a developer's signed release. */
  changesCode: `The live site did not take this version: it changes the site's programming, which only a developer's signed release may change, so ${UNCHANGED}. Ask a developer to release that change or take it back, then publish again.`,
  tooMany: `The live site did not take this version: it changes more files at once than the live site checks, so ${UNCHANGED}. Ask a developer to publish it in smaller steps.`,
  tooLarge: `The live site did not take this version: its files are too large for the live site, so ${UNCHANGED}. Use smaller pictures or files and publish again.`,
  /** The build failed: with the content problem it named, if any. */
  buildFailed: (output: string): string => {
    const problem = contentProblem(output);
    return problem
      ? `The live site could not build this version, so ${UNCHANGED}. It found this in ${problem} Fix that and publish again.`
      : `The live site could not build this version, so ${UNCHANGED}. Ask a developer to look at the live site's log, then publish again.`;
  },
  timedOut: `The live site took too long to build this version and stopped, so ${UNCHANGED}. Publish again; if it happens again, ask a developer to look at the live site's log.`,
  /** The live site's checkout has commits of its own the remote lacks: it cannot take the remote's without a merge, which it never makes. */
  checkoutAhead: `The live site did not take this version: its copy of the site holds changes of its own that were never published, so ${UNCHANGED}. Ask a developer to publish or undo those changes on the live server.`,
  /** Files changed by hand on the live server, and not committed, are in the way. */
  localChanges: `The live site did not take this version: the same files were changed by hand on the live server and not published, so ${UNCHANGED}. Ask a developer to publish or undo those changes on the live server.`,
  /** The server itself could not build or serve it (git, a folder): nothing the person did. */
  serverProblem: `The live site could not build this version because of a problem on the server, so ${UNCHANGED}. Ask a developer to look at the live site's log, then publish again.`,
} as const;
