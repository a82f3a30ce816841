/**
 * Why a commit did not go live, in the words of the person who published it (a marketing
 * person, through the editor, which shows them after "Not live:"): what the live site did, that
 * visitors still see the site as it was, and what to do. One line each, no commit ids, commands
 * or setting names: those are in the follower's own lines (follow-messages.ts), for whoever runs
 * the server.
 */

const UNCHANGED = 'visitors still see the site as it was';

/** The longest part of a build's own words a reason quotes. */
const QUOTED_MAX = 300;

/**
 * The one problem a failed build names in the site's content, if it names one: a line that starts
 * with a content file and its place (`pages/services.json:12:5 …`), as the build's checks report
 * problems. Nothing else of a build's output is quoted: it may name the server's own folders.
 */
function contentProblem(output: string): string | undefined {
  for (const raw of output.split(/\r?\n/)) {
    const line = raw.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ').trim();
    if (/^(pages|public|docs)\/[^\s:]+(:\d+)+\s/.test(line)) return line.length > QUOTED_MAX ? `${line.slice(0, QUOTED_MAX - 1)}…` : line;
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
      ? `The live site could not build this version and said: "${problem}", so ${UNCHANGED}. Fix that and publish again.`
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
