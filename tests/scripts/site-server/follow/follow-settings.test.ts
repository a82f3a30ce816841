/**
 * The follower's settings: each one that cannot work is refused at start in one line that says
 * what to write instead, by `npm start -- --follow` itself.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FollowSettingError, followSettings } from '../../../../scripts/site-server/follow/follow-settings';
import { runCommand } from '../../../helpers/project';

const folder = mkdtempSync(join(tmpdir(), 'follow-settings-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const asRoot = process.getuid?.() === 0;

/** What followSettings throws for `env`, as its message. */
const refusal = (env: NodeJS.ProcessEnv): string => {
  try {
    followSettings(env, folder);
  } catch (error) {
    expect(error).toBeInstanceOf(FollowSettingError);
    return (error as Error).message;
  }
  throw new Error('the settings were taken');
};

describe('the follower’s settings', () => {
  it('serves previews with PREVIEW_PORT and PREVIEW_LINK_SECRET together, and refuses either alone or a short secret in one line', () => {
    const secret = 'sixteen or more characters';
    expect(followSettings({}, folder).preview).toBeUndefined();
    expect(followSettings({ PREVIEW_PORT: '4174', PREVIEW_LINK_SECRET: secret }, folder).preview).toEqual({ port: 4174, secret });
    expect(refusal({ PREVIEW_PORT: '4174' })).toBe(
      "PREVIEW_PORT needs PREVIEW_LINK_SECRET, the secret preview links are signed with: at least 16 characters, the same as the editor's.",
    );
    expect(refusal({ PREVIEW_PORT: '4174', PREVIEW_LINK_SECRET: 'too short' })).toMatch(/ The one set is shorter\.$/);
    expect(refusal({ PREVIEW_LINK_SECRET: secret })).toBe(
      'PREVIEW_LINK_SECRET is set but PREVIEW_PORT is not: set PREVIEW_PORT to serve preview links, or leave both unset.',
    );
    expect(refusal({ PREVIEW_PORT: '70000', PREVIEW_LINK_SECRET: secret })).toMatch(
      /^PREVIEW_PORT must be a port number, 1 to 65535, or 0 for any free one/,
    );
  });

  it('gives builds 1200 s and, as root, the user nobody, when nothing is set', () => {
    const settings = followSettings({}, folder);
    expect(settings.buildTimeoutMs).toBe(1_200_000);
    expect(settings.allowedSigners).toBeUndefined();
    if (asRoot) expect(settings.buildUser).toEqual({ name: 'nobody', uid: expect.any(Number), gid: expect.any(Number) });
    else expect(settings.buildUser).toBeUndefined();
    if (asRoot) expect(settings.buildUser?.uid).not.toBe(0);
  });

  it('takes an allowed-signers file by its path from the project', () => {
    writeFileSync(join(folder, 'allowed_signers'), 'ci@example.com ssh-ed25519 AAAA\n');
    expect(followSettings({ FOLLOW_ALLOWED_SIGNERS: 'allowed_signers', FOLLOW_BUILD_TIMEOUT_SECONDS: '90' }, folder)).toMatchObject({
      allowedSigners: join(folder, 'allowed_signers'),
      buildTimeoutMs: 90_000,
    });
  });

  it('refuses a time limit that is not a number of seconds above 0', () => {
    expect(refusal({ FOLLOW_BUILD_TIMEOUT_SECONDS: 'ten' })).toBe(
      'FOLLOW_BUILD_TIMEOUT_SECONDS must be a number of seconds above 0 (the default is 1200); it is "ten".',
    );
    expect(refusal({ FOLLOW_BUILD_TIMEOUT_SECONDS: '0' })).toContain('must be a number of seconds above 0');
  });

  it('refuses an allowed-signers file that cannot be read', () => {
    expect(refusal({ FOLLOW_ALLOWED_SIGNERS: 'missing' })).toBe(
      `FOLLOW_ALLOWED_SIGNERS names ${join(folder, 'missing')}, which cannot be read (ENOENT). Name an allowed-signers file (one line a key: an e-mail address, then the public key), or leave it unset.`,
    );
  });

  it('fetches the upstream every 2 s unless told otherwise, and takes a remote of the checkout and a branch name', async () => {
    expect(followSettings({}, folder)).toMatchObject({ remote: { remote: undefined, branch: undefined }, fetchIntervalMs: 2000 });
    expect(followSettings({ FOLLOW_FETCH_SECONDS: '0' }, folder).fetchIntervalMs).toBe(0);
    const checkout = mkdtempSync(join(tmpdir(), 'follow-settings-checkout-'));
    try {
      execFileSync('git', ['init', '-q', checkout]);
      execFileSync('git', ['-C', checkout, 'remote', 'add', 'upstream', 'https://example.com/site.git']);
      expect(followSettings({ FOLLOW_REMOTE: 'upstream', FOLLOW_BRANCH: 'release/site' }, checkout).remote).toEqual({
        remote: 'upstream',
        branch: 'release/site',
      });
      expect(() => followSettings({ FOLLOW_REMOTE: 'origin' }, checkout)).toThrow(
        'FOLLOW_REMOTE names "origin", which is no remote of the checkout (it has upstream). Name one that git remote lists, or add it with git remote add, or leave it unset to follow the upstream.',
      );
    } finally {
      rmSync(checkout, { recursive: true, force: true });
    }
  });

  it('refuses a remote the checkout lacks, a branch name git does not allow, and a fetch interval that is no number of seconds', () => {
    expect(refusal({ FOLLOW_REMOTE: 'origin' })).toBe(
      'FOLLOW_REMOTE names "origin", which is no remote of the checkout (it has none). Name one that git remote lists, or add it with git remote add, or leave it unset to follow the upstream.',
    );
    for (const branch of ['main..x', '--upload-pack=evil', 'a b'])
      expect(refusal({ FOLLOW_BRANCH: branch })).toBe(
        `FOLLOW_BRANCH=${JSON.stringify(branch)} is not a branch name git allows. Name the remote's branch as git shows it, such as main.`,
      );
    expect(refusal({ FOLLOW_FETCH_SECONDS: '-1' })).toBe(
      'FOLLOW_FETCH_SECONDS must be a number of seconds of 0 or more, 0 to never fetch (the default is 2); it is "-1".',
    );
  });

  it.runIf(asRoot)('refuses, as root, a build user that does not exist, and root itself', () => {
    expect(refusal({ FOLLOW_BUILD_USER: 'no-such-user-34' })).toBe(
      'FOLLOW_BUILD_USER names "no-such-user-34", which is no user of this machine. Name an unprivileged user for the builds (the default is nobody).',
    );
    expect(refusal({ FOLLOW_BUILD_USER: 'root' })).toBe(
      'FOLLOW_BUILD_USER names root, which is root: builds run as an unprivileged user. Name another.',
    );
  });

  it('stops npm start -- --follow in one line when a setting cannot work', () => {
    const started = runCommand('start', ['--follow', '--no-build'], {
      env: { ...process.env, FOLLOW_BUILD_TIMEOUT_SECONDS: 'soon', PORT: '0', STORE_PATH: join(folder, 'store.db') },
      timeout: 300_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr.trim()).toBe(
      'FOLLOW_BUILD_TIMEOUT_SECONDS must be a number of seconds above 0 (the default is 1200); it is "soon".',
    );
  });
});
