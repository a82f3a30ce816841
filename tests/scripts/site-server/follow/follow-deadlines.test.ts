/**
 * Every wait of the follower has a deadline (issue 34, items 1 and 2): a build that overruns its
 * time limit, and a git call that never answers, are ended with every process they started, said
 * in one line, and the site stays as it was. Real git, real processes; the limits are short here
 * so that the test ends soon, and the test waits for the state it expects, not for a time.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { followMessages } from '../../../../scripts/site-server/follow/follow-messages';
import { type Cleanups, serveAndFollow, signingKey, tempFolder, testCheckout, waitFor } from '../../../helpers/follow-checkout';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A process is gone when it has no entry in /proc, or only a zombie's (ended, not yet reaped by its parent). */
const gone = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .startsWith('Z');
  } catch {
    return true;
  }
};

/** The process ids written, one a line, into `file`. */
const pidsIn = (file: string): number[] => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : []);

describe('the follower’s deadlines', () => {
  it('ends a build that overruns its time limit, with every process it started, says so, and keeps the site', async () => {
    const pidFile = join(tempFolder(cleanups, 'follow-pids-'), 'pids');
    writeFileSync(pidFile, '');
    // The build (as nobody, when the tests run as root) writes its processes' ids here.
    chmodSync(pidFile, 0o666);
    const repo = await testCheckout(cleanups);
    // A build that starts a child, a grandchild in a shell of its own, and then waits for ever.
    await repo.commit({
      'build.sh': `#!/bin/sh
version=$(cat pages/version.txt)
if [ "$version" = hang ]; then
  sleep 3600 &
  echo $! >> ${pidFile}
  sh -c 'sleep 3600 & echo $! >> ${pidFile}; wait' &
  echo $! >> ${pidFile}
  echo $$ >> ${pidFile}
  wait
fi
mkdir -p "$2"
printf '<!doctype html><title>%s</title>' "$version" > "$2/index.html.tmp"
mv "$2/index.html.tmp" "$2/index.html"
`,
    });
    const { follower, lines, home } = await serveAndFollow(cleanups, {
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
      buildTimeoutMs: 5000,
    });
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    const first = follower.servedCommit;
    const hang = await repo.commit({ 'pages/version.txt': 'hang' });
    await waitFor('the time limit to be told', () => lines.some((line) => line.includes('did not finish')));
    expect(lines.at(-1)).toBe(followMessages.buildTimedOut(hang, 5));
    expect(lines.at(-1)).toBe(
      `The build of commit ${hang.slice(0, 12)} did not finish within 5 s (FOLLOW_BUILD_TIMEOUT_SECONDS), so it was ended with every process it started; the site still serves the build before it.`,
    );
    const pids = pidsIn(pidFile);
    // The build script, its child, the inner shell and the grandchild.
    expect(pids).toHaveLength(4);
    await waitFor('every process of the build to end', () => pids.every(gone));
    expect(follower.servedCommit).toBe(first);
    expect(await home()).toContain('<title>first</title>');

    // The next commit is built as usual.
    const next = await repo.commit({ 'pages/version.txt': 'next' });
    await waitFor('the next build', () => follower.servedCommit === next);
    expect(await home()).toContain('<title>next</title>');
  });

  it('ends a git call that never answers (a signature check that hangs), says so, and keeps the site', async () => {
    const folder = tempFolder(cleanups, 'follow-keys-');
    const key = signingKey(folder, 'release');
    const allowedSigners = join(folder, 'allowed_signers');
    writeFileSync(allowedSigners, `${key.allowed}\n`);
    const pidFile = join(folder, 'pids');
    // The program git runs to check an SSH signature, replaced by one that never answers.
    const hanging = join(folder, 'hanging-ssh-keygen');
    writeFileSync(hanging, `#!/bin/sh\necho $$ >> ${pidFile}\nsleep 3600 &\necho $! >> ${pidFile}\nwait\n`, { mode: 0o755 });
    const repo = await testCheckout(cleanups);
    await repo.run(['config', 'gpg.ssh.program', hanging]);
    const { follower, lines, home } = await serveAndFollow(cleanups, {
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
      allowedSigners,
      gitTimeoutMs: 5000,
    });
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    const first = follower.servedCommit;
    const signed = await repo.commit({ 'build.sh': '#!/bin/sh\nexit 1\n' }, key);
    await waitFor('the deadline to be told', () => lines.some((line) => line.includes('did not finish')));
    expect(lines.at(-1)).toBe(followMessages.notBuilt(signed, 'git log did not finish within 5 s, so it was ended'));
    expect(lines.at(-1)).toBe(
      `Commit ${signed.slice(0, 12)} was not built (git log did not finish within 5 s, so it was ended); the site still serves the build before it, and the next commit is tried as usual.`,
    );
    const pids = pidsIn(pidFile);
    expect(pids.length).toBeGreaterThanOrEqual(2);
    await waitFor('every process of the git call to end', () => pids.every(gone));
    expect(follower.servedCommit).toBe(first);
    expect(await home()).toContain('<title>first</title>');
  });
});
