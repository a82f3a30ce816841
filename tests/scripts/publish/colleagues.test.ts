/** Colleagues' publishes of a page told to whoever edits it, brought into their checkout, and named after a publish that merged them. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bringIn } from '../../../scripts/publish/colleagues/bring-in';
import { FETCH_MS } from '../../../scripts/publish/colleagues/fetch-site';
import { publishedSince } from '../../../scripts/publish/colleagues/published-since';
import { git } from '../../../scripts/publish/git/git';
import { publish } from '../../../scripts/publish/publish';
import { type GitRepos, gitRepos } from '../../helpers/git-repos';
import { silentServer } from '../../helpers/silent-server';
import { ana, ben, edit, history, read, retitle, tip } from './content-edits';

const HOME = 'pages/index.json';
const cara = { name: 'Cara Lind', email: 'cara@example.com' };

let repos: GitRepos;
beforeAll(async () => {
  repos = await gitRepos();
});
afterAll(() => repos.cleanup());

/** When the remote's last commit was published (git's committer date), as the colleagues route gives it. */
const lastDate = async (remote: string) => (await git(remote, ['log', '-1', '--format=%cI', 'main'])).stdout.trim();

describe('colleagues', () => {
  it('names who published a page since this checkout’s version, and when, in order; nothing for a page they left alone', async () => {
    const remote = await repos.remote('told');
    const [a, b, c, d] = await Promise.all([
      repos.clone(remote, 'told-a'),
      repos.clone(remote, 'told-b'),
      repos.clone(remote, 'told-c'),
      repos.clone(remote, 'told-d'),
    ]);
    // Asked in a checkout of its own: a checkout asked within the last 5 s is answered from that fetch.
    expect(await publishedSince(d, HOME)).toBeNull();
    edit(b, HOME, retitle('Our Expertise', 'What we do'));
    expect(await publish(b, { paths: [HOME], message: 'Home: what we do', author: ben })).toMatchObject({ status: 'published' });
    const first = await lastDate(remote);
    edit(c, HOME, retitle('Schedule a Call', 'Book a call'));
    expect(await publish(c, { paths: [HOME], message: 'Home: book a call', author: cara })).toMatchObject({ status: 'published' });
    const second = await lastDate(remote);
    expect(await publishedSince(a, HOME)).toEqual({
      publishes: [
        { name: 'Ben Writer', date: first },
        { name: 'Cara Lind', date: second },
      ],
      state: 'changed',
    });
    expect(await publishedSince(a, 'pages/about.json')).toBeNull();
  });

  it('brings their change in: the checkout has the site’s version, the next publish meets no conflict, and the site has both', async () => {
    const remote = await repos.remote('bring');
    const [a, b] = await Promise.all([repos.clone(remote, 'bring-a'), repos.clone(remote, 'bring-b')]);
    const before = read(a, HOME);
    edit(b, HOME, retitle('Our Expertise', 'What we do'));
    expect(await publish(b, { paths: [HOME], message: 'Home: what we do', author: ben })).toMatchObject({ status: 'published' });
    const brought = await bringIn(a, HOME);
    expect(brought.status).toBe('brought');
    if (brought.status !== 'brought') return;
    expect(JSON.parse(brought.base ?? '')).toEqual(before);
    expect(JSON.parse(brought.theirs).blocks.map((block: { heading?: string }) => block.heading)).toContain('What we do');
    // The page on disk (not changed here) is the site's now, and there is no one left to name.
    expect(read(a, HOME).blocks.map((block) => block.heading)).toContain('What we do');
    expect(await publishedSince(a, HOME)).toBeNull();
    // The person's own value for the same field, chosen over theirs, publishes without asking again.
    edit(a, HOME, retitle('What we do', 'Our services'));
    const published = await publish(a, { paths: [HOME], message: 'Home: our services', author: ana });
    expect(published).toMatchObject({ status: 'published', rebased: false });
    expect(await history(remote)).toEqual([
      'Home: our services | Ana Editor',
      'Home: what we do | Ben Writer',
      'The site as published | Seed',
    ]);
  });

  it('says a page deleted or moved on the site, and brings nothing in for it', async () => {
    const remote = await repos.remote('gone');
    const [a, b] = await Promise.all([repos.clone(remote, 'gone-a'), repos.clone(remote, 'gone-b')]);
    await git(b, ['mv', 'pages/ux-ui-design.json', 'pages/design.json']);
    await git(b, ['rm', '-q', 'pages/digital.json']);
    await git(b, ['-c', 'user.name=Ben Writer', '-c', 'user.email=ben@example.com', 'commit', '-q', '-m', 'Design moved; Digital gone']);
    await git(b, ['push', '-q', 'origin', 'main']);
    const date = await lastDate(remote);
    expect(await publishedSince(a, 'pages/ux-ui-design.json')).toEqual({
      publishes: [{ name: 'Ben Writer', date }],
      state: 'moved',
      movedTo: '/design',
    });
    expect(await publishedSince(a, 'pages/digital.json')).toEqual({ publishes: [{ name: 'Ben Writer', date }], state: 'deleted' });
    expect(await bringIn(a, 'pages/digital.json')).toEqual({
      status: 'refused',
      message: 'This page is no longer on the published site, so there is no change of it to bring in.',
    });
    expect(existsSync(join(a, 'pages/digital.json'))).toBe(true);
  });

  it('names, after a publish merged with others’ work, whose changes came in, to which pages and when', async () => {
    const remote = await repos.remote('came');
    const [a, b] = await Promise.all([repos.clone(remote, 'came-a'), repos.clone(remote, 'came-b')]);
    edit(b, HOME, retitle('Our Expertise', 'What we do'));
    expect(await publish(b, { paths: [HOME], message: 'Home: what we do', author: ben })).toMatchObject({ status: 'published' });
    const date = await lastDate(remote);
    edit(a, 'pages/about.json', (value) => {
      value.title = 'About the studio';
    });
    const published = await publish(a, { paths: ['pages/about.json'], message: 'About: a title', author: ana });
    expect(published).toMatchObject({
      status: 'published',
      rebased: true,
      cameIn: [{ name: 'Ben Writer', date, titles: ['Software and Agentic AI services'] }],
    });
    // A publish with nothing of others' in it names no one.
    edit(a, 'pages/about.json', (value) => {
      value.title = 'About the studio, briefly';
    });
    const alone = await publish(a, { paths: ['pages/about.json'], message: 'About: shorter', author: ana });
    expect(alone).toMatchObject({ status: 'published', rebased: false });
    expect('cameIn' in alone ? alone.cameIn : undefined).toBeUndefined();
  });

  it('says nothing, at once, when the site cannot be reached, and brings nothing in', async () => {
    const remote = await repos.remote('offline');
    const a = await repos.clone(remote, 'offline-a');
    await git(a, ['remote', 'set-url', 'origin', join(repos.folder, 'no-such-remote.git')]);
    expect(await publishedSince(a, HOME)).toBeNull();
    const head = (await git(a, ['rev-parse', 'HEAD'])).stdout.trim();
    expect(await bringIn(a, HOME)).toEqual({
      status: 'refused',
      message:
        'The published site could not be reached just now, so nothing was brought in: your changes are as they were. Try again in a minute.',
    });
    expect((await git(a, ['rev-parse', 'HEAD'])).stdout.trim()).toBe(head);
    expect(await tip(remote)).toBe(head);
  });

  it('waits for a site that never answers only so long, asks it at most once every few seconds, and says nothing', async () => {
    const silent = await silentServer();
    try {
      const remote = await repos.remote('slow');
      const a = await repos.clone(remote, 'slow-a');
      await git(a, ['remote', 'set-url', 'origin', silent.url]);
      const started = Date.now();
      const [one, two] = await Promise.all([publishedSince(a, HOME), publishedSince(a, 'pages/about.json')]);
      expect([one, two]).toEqual([null, null]);
      // Ended at FETCH_MS (plus git's grace to end), not left to hang; the two asked the site once.
      expect(Date.now() - started).toBeLessThan(FETCH_MS + 60_000);
      expect(silent.accepted()).toBe(1);
      expect(await publishedSince(a, HOME)).toBeNull();
      expect(silent.accepted()).toBe(1);
    } finally {
      silent.hangUp();
      await silent.close();
    }
  });
});
