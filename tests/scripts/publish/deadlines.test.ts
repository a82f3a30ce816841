/**
 * Every wait of publishing has an end, tried against a real server that accepts git's
 * connection and never says a word (as a remote that hangs does): git is ended when its time is
 * up, the person is told in words, and whoever waits behind a publish is answered "busy".
 */
import { writeFileSync, readFileSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChanges } from '../../../scripts/publish/changes/list-changes';
import { discard } from '../../../scripts/publish/changes/discard';
import { git } from '../../../scripts/publish/git/git';
import { publish } from '../../../scripts/publish/publish';
import { type GitRepos, gitRepos } from '../../helpers/git-repos';
import { silentServer, until } from '../../helpers/silent-server';

let repos: GitRepos;
beforeAll(async () => {
  repos = await gitRepos();
});
afterAll(() => repos.cleanup());

const ana = { name: 'Ana Editor', email: 'ana@example.com' };

/** A checkout whose remote is `url`, with the About page's title changed on disk. */
async function checkoutOf(name: string, url: string): Promise<string> {
  const checkout = await repos.clone(await repos.remote(name), name);
  await git(checkout, ['remote', 'set-url', 'origin', url]);
  const file = join(checkout, 'pages/about.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/"title": "[^"]*"/, '"title": "About, again"'));
  return checkout;
}

const busy = (seconds: number): string =>
  `Another publish or discard has been under way for more than ${seconds} s, so nothing was changed: try again in a minute.`;

describe('publishing to a server that never answers', () => {
  it('gives up when PUBLISH_TIMEOUT_SECONDS is up, in words, with the change kept here as not yet published', async () => {
    const server = await silentServer();
    try {
      const checkout = await checkoutOf('silent', server.url);
      const result = await publish(checkout, {
        paths: ['pages/about.json'],
        message: 'About: a new title',
        author: ana,
        deadlines: { remoteMs: 2000 },
      });
      expect(result).toMatchObject({ status: 'not-pushed', reason: 'timeout' });
      expect(result.status === 'not-pushed' && result.message).toBe(
        'The server that keeps the published site did not answer within 2 s; nothing was lost: your change waits as not yet published. Try again later.',
      );
      expect(server.accepted()).toBeGreaterThan(0);
      await until(() => server.open() === 0);
      const list = await listChanges(checkout);
      expect(list.unpushed).toBe(1);
      expect(list.changes).toMatchObject([{ path: 'pages/about.json', committed: true, uncommitted: false }]);
    } finally {
      await server.close();
    }
  });

  it('answers a discard and another publish sent meanwhile "busy" after their wait, and lets them through once it ends', async () => {
    const server = await silentServer();
    try {
      const checkout = await checkoutOf('held', server.url);
      const testing = join(checkout, 'pages/testing.json');
      const published = readFileSync(testing, 'utf8');
      writeFileSync(testing, published.replace(/"title": "[^"]*"/, '"title": "Testing, again"'));
      const holding = publish(checkout, {
        paths: ['pages/about.json'],
        message: 'About: a new title',
        author: ana,
        deadlines: { remoteMs: 600_000 },
      });
      // The publish is talking to the server, which will never answer it.
      await until(() => server.accepted() > 0);
      expect(await discard(checkout, 'pages/testing.json', { deadlines: { waitMs: 1000 } })).toEqual({
        status: 'refused',
        message: busy(1),
      });
      expect(
        await publish(checkout, { paths: ['pages/testing.json'], message: 'Testing', author: ana, deadlines: { waitMs: 1000 } }),
      ).toEqual({ status: 'refused', reason: 'busy', message: busy(1) });
      // Both gave up their turn: once the server hangs up, the publish ends and the checkout is free.
      server.hangUp();
      expect(await holding).toMatchObject({ status: 'not-pushed', reason: 'failed' });
      expect(await discard(checkout, 'pages/testing.json', { deadlines: { waitMs: 1000 } })).toEqual({
        status: 'discarded',
        restored: ['pages/testing.json'],
        removed: [],
      });
      expect(readFileSync(testing, 'utf8')).toBe(published);
    } finally {
      await server.close();
    }
  });

  it('answers "busy" when another process holds the checkout past the wait', async () => {
    const checkout = await checkoutOf('other-process', 'git://127.0.0.1:9/unused.git');
    const lock = join(checkout, '.git/editor-publish.lock');
    // This process is alive: the lock is held, not left behind.
    writeFileSync(lock, `${process.pid} ${hostname()} another-editor`);
    try {
      expect(await publish(checkout, { paths: ['pages/about.json'], message: 'About', author: ana, deadlines: { waitMs: 1000 } })).toEqual({
        status: 'refused',
        reason: 'busy',
        message: busy(1),
      });
      expect(await discard(checkout, 'pages/about.json', { deadlines: { waitMs: 1000 } })).toEqual({ status: 'refused', message: busy(1) });
    } finally {
      rmSync(lock, { force: true });
    }
  });
});
