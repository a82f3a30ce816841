/**
 * What a build the follower runs gets, and what it may touch (issue 34, item 1): real git
 * repositories, commits signed with real SSH keys, a real site server, and builds run as the
 * follower runs them. Which commits are built: follow-trust.test.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
import { root } from '../../../helpers/project';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Keys for a test: `trusted` is in the allowed-signers file, `stranger` is not. */
const keys = () => trustKeys(cleanups);

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
