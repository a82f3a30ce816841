/** The lines the follower prints, each in words; a commit is named by its first 12 characters. */
import { MAX_CHANGED_FILES } from './judge-commit';

const short = (commit: string): string => commit.slice(0, 12);

/** The code files a refused commit changes: the first three, then how many more. */
const listed = (files: readonly string[]): string =>
  files.length <= 3 ? files.join(', ') : `${files.slice(0, 3).join(', ')} and ${files.length - 3} more`;

/** What git's %G? says of a commit's signature, in words. */
const signatureWords: Record<string, string> = {
  N: 'is not signed',
  U: 'is signed by a key the file does not list',
  B: 'has a bad signature',
  E: 'has a signature that cannot be checked (only SSH signatures count)',
  X: 'has an expired signature',
  Y: 'is signed by an expired key',
  R: 'is signed by a revoked key',
};

export const followMessages = {
  following: (branch: string) => `Following new commits on ${branch}: each is built and served when its build succeeds.`,
  building: (commit: string) => `Commit ${short(commit)} arrived; building it (the site stays as it is meanwhile).`,
  switched: (commit: string, seconds: string, kind?: string) =>
    `The site now serves commit ${short(commit)} (built in ${seconds} s)${kind ? `: ${kind}` : '.'}`,
  buildFailed: (commit: string, output: string) =>
    `The build of commit ${short(commit)} failed, so the site still serves the build before it. What the build said:\n${output}`,
  buildTimedOut: (commit: string, seconds: number) =>
    `The build of commit ${short(commit)} did not finish within ${seconds} s (FOLLOW_BUILD_TIMEOUT_SECONDS), so it was ended with every process it started; the site still serves the build before it.`,
  cannotServe: (commit: string, reason: string) =>
    `The build of commit ${short(commit)} finished but cannot be served (${reason}); the site still serves the build before it.`,
  notBuilt: (commit: string, reason: string) =>
    `Commit ${short(commit)} was not built (${reason}); the site still serves the build before it, and the next commit is tried as usual.`,
  /** A commit that changes code and is not trusted: one line, with how to trust it (judge-commit.ts). */
  refused: (commit: string, served: string, codeFiles: readonly string[], signers: string | undefined, signature: string | undefined) =>
    `Commit ${short(commit)} is not built: it changes code (${listed(codeFiles)}), and a commit that changes code is built only when signed by a key listed in ${
      signers
        ? `${signers}; this commit ${signatureWords[signature ?? 'N'] ?? 'is not signed by a listed key'}`
        : 'the allowed-signers file FOLLOW_ALLOWED_SIGNERS names, which is not set'
    }. The site still serves commit ${short(served)}. To build it, sign it with a listed key (git commit -S, with gpg.format=ssh), or restart the server on it.`,
  tooMany: (commit: string, served: string) =>
    `Commit ${short(commit)} is not built: it changes more than ${MAX_CHANGED_FILES.toLocaleString('en')} files, more than the follower checks. The site still serves commit ${short(served)}. Publish the change in smaller commits, or restart the server on it.`,
  tooLarge: (commit: string, served: string, reason: string) =>
    `Commit ${short(commit)} is not built: ${reason}. The site still serves commit ${short(served)}. Publish the change in smaller commits, sign it with a listed key (a signed commit is not limited), or restart the server on it.`,
  /** The remote branch the follower fetches and fast-forwards the checkout to (follow-remote.ts). */
  fetching: (remote: string, branch: string, seconds: number) =>
    `Fetching ${branch} from ${remote} every ${seconds} s, and fast-forwarding the checkout to it: a commit pushed there is built without a git pull.`,
  fetchFailed: (remote: string, reason: string) =>
    `Cannot fetch from ${remote} (${reason}); the site stays as it is, and the fetch is tried again every few seconds.`,
  cannotFastForward: (tracking: string, commit: string, reason: string) =>
    `The checkout cannot be fast-forwarded to ${tracking} (commit ${short(commit)}): ${reason}. The site keeps serving what it serves, and the checkout stays as it is until it can be fast-forwarded.`,
  noRemoteBranch: (reason: string) => `Not fetching: ${reason}. The follower follows the checkout's HEAD as it moves.`,
  oldBuildLeft: (reason: string) => `An old build could not be removed (${reason}); it takes space until it is removed by hand.`,
  gitFailed: (reason: string) =>
    `Cannot ask git which commit is checked out (${reason}); the site stays as it is, and git is asked again every few seconds.`,
  noDevTools:
    'Not following new commits: building needs the dev dependencies (vite), which this install lacks. Install them (npm ci) or deploy builds made elsewhere.',
  cannotPrepare: (dir: string, reason: string) => `Not following new commits: the builds folder ${dir} cannot be made (${reason}).`,
  cannotBecome: (user: string, reason: string) =>
    `Not following new commits: the builds cannot run as ${user} (${reason}). Give the server the right to change users, or start it as an unprivileged user of its own.`,
  cannotReach: (user: string, path: string) =>
    `Not following new commits: the builds run as ${user}, who cannot reach ${path}. Make it and the folders above it readable to that user (chmod o+rx), or name another user in FOLLOW_BUILD_USER.`,
} as const;
