import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listChanges } from '../../../scripts/publish/changes/list-changes';
import { git } from '../../../scripts/publish/git/git';
import { authorFromGit, publish, pushPending } from '../../../scripts/publish/publish';
import { type GitRepos, gitRepos } from '../../helpers/git-repos';
import { ana, ben, edit, filesOf, history, lines, retitle, tip } from './content-edits';

let repos: GitRepos;
beforeAll(async () => {
  repos = await gitRepos();
});
// Many repositories to remove: on a loaded machine that takes a while.
afterAll(() => repos.cleanup());

describe('listChanges', () => {
  it('lists every content file that differs from the published state, with its kind, state, words and problems', async () => {
    const remote = await repos.remote('list');
    const a = await repos.clone(remote, 'list-a');
    edit(a, 'pages/index.json', retitle('Our Expertise', 'What we do'));
    copyFileSync(join(a, 'pages/about.json'), join(a, 'pages/team.json'));
    edit(a, 'pages/team.json', (value) => {
      value.title = '';
    });
    rmSync(join(a, 'pages/testing.json'));
    renameSync(join(a, 'public/media/hero-poster.jpg'), join(a, 'public/media/poster.jpg'));
    writeFileSync(join(a, 'schemas/notes.txt'), 'not content\n');
    // A change committed here and not pushed is "not yet published".
    edit(a, 'pages/_site.json', (value) => {
      value.name = 'Nuvora';
    });
    await git(a, ['commit', '-q', '-m', 'Brand name', '--', 'pages/_site.json']);

    const list = await listChanges(a);
    const byPath = new Map(list.changes.map((change) => [change.path, change]));
    expect([...byPath.keys()].sort()).toEqual([
      'pages/_site.json',
      'pages/index.json',
      'pages/team.json',
      'pages/testing.json',
      'public/media/poster.jpg',
    ]);
    expect(list.remote).toEqual({ remote: 'origin', branch: 'main' });
    expect(list.unpushed).toBe(1);
    // The home page's poster was renamed: the page names a file no longer there, a problem of the page as it is on disk.
    expect(byPath.get('pages/index.json')).toMatchObject({ kind: 'page', state: 'modified', committed: false, uncommitted: true });
    expect(byPath.get('pages/index.json')?.problems.map((found) => `${found.code} ${found.path}`)).toEqual([
      'missingFile blocks[0].video.poster',
    ]);
    expect(byPath.get('pages/index.json')?.summary).toBe('Home: "What we do" edited (heading)');
    expect(byPath.get('pages/_site.json')).toMatchObject({
      kind: 'site',
      committed: true,
      uncommitted: false,
      summary: 'Menus, footer and site settings: edited (brand name)',
    });
    expect(byPath.get('pages/testing.json')).toMatchObject({ state: 'deleted', kind: 'page' });
    expect(byPath.get('public/media/poster.jpg')).toMatchObject({ kind: 'media', state: 'renamed', from: 'public/media/hero-poster.jpg' });
    const team = byPath.get('pages/team.json');
    expect(team).toMatchObject({ kind: 'page', state: 'added', summary: 'team.json: new page' });
    expect(team?.problems.map((found) => found.path)).toContain('title');
  });
});

describe('publish', () => {
  it('publishes one file: one commit with exactly it, the person as author, their words as message; nothing else staged goes in', async () => {
    const remote = await repos.remote('one');
    const a = await repos.clone(remote, 'one-a');
    edit(a, 'pages/index.json', retitle('Our Expertise', 'What we do'));
    edit(a, 'pages/about.json', retitle('Who we are', 'Who we are today'));
    await git(a, ['add', '--', 'pages/about.json']);

    const message = 'Home: a plainer heading for "What we do"\n\nAsked for by sales; $(not a command)';
    const result = await publish(a, { paths: ['pages/index.json'], message, author: ana });

    expect(result).toMatchObject({ status: 'published', rebased: false });
    const commit = await tip(remote);
    expect(result.status === 'published' && result.commit).toBe(commit);
    expect(await filesOf(remote, commit)).toEqual(['pages/index.json']);
    const [said] = await lines(remote, ['log', '-1', '--format=%an <%ae>|%cn <%ce>', commit]);
    expect(said).toBe('Ana Editor <ana@example.com>|one-a tester <one-a@example.com>');
    expect((await git(remote, ['log', '-1', '--format=%B', commit])).stdout).toBe(`${message}\n\n`);
    // The other file is still staged, and only it; the published one is neither staged nor changed.
    expect(await lines(a, ['diff', '--cached', '--name-only'])).toEqual(['pages/about.json']);
    expect(await lines(a, ['status', '--porcelain'])).toEqual(['M  pages/about.json']);
    expect((await listChanges(a)).changes.map((change) => change.path)).toEqual(['pages/about.json']);
  });

  it('publishes two files in one commit, file names starting with - as files, a template’s name literally', async () => {
    const remote = await repos.remote('two');
    const a = await repos.clone(remote, 'two-a');
    mkdirSync(join(a, 'pages/_drafts'));
    writeFileSync(join(a, 'pages/_drafts/-draft.json'), '{ "note": "not yet" }\n');
    copyFileSync(join(a, 'public/media/hero-poster.jpg'), join(a, 'public/media/-new.jpg'));
    edit(a, 'pages/careers/[jobs].json', (value) => {
      value.title = 'Open position';
    });
    // "[jobs].json" read as a pattern would match these.
    writeFileSync(join(a, 'pages/careers/j.json'), '{}\n');
    writeFileSync(join(a, 'pages/careers/s.json'), '{}\n');

    const result = await publish(a, {
      paths: ['pages/_drafts/-draft.json', 'public/media/-new.jpg', 'pages/careers/[jobs].json'],
      message: 'Drafts and a picture',
      author: ana,
    });
    expect(result.status).toBe('published');
    expect((await filesOf(remote, 'main')).sort()).toEqual([
      'pages/_drafts/-draft.json',
      'pages/careers/[jobs].json',
      'public/media/-new.jpg',
    ]);
    expect(await lines(a, ['status', '--porcelain'])).toEqual(['?? pages/careers/j.json', '?? pages/careers/s.json']);

    // A page named -draft.json is refused for its name, as the checker says, and nothing is committed.
    writeFileSync(join(a, 'pages/-draft.json'), readFileSync(join(a, 'pages/about.json')));
    const refused = await publish(a, { paths: ['pages/-draft.json'], message: 'A draft', author: ana });
    expect(refused).toMatchObject({ status: 'refused', reason: 'problems' });
    expect(refused.status === 'refused' && refused.problems?.map((found) => `${found.file} ${found.code}`)).toEqual([
      'pages/-draft.json badFileName',
    ]);
    expect(await history(remote)).toHaveLength(2);
  });

  it('refuses, committing nothing, an empty description, paths outside the content folders or unchanged, and files with problems', async () => {
    const remote = await repos.remote('refuse');
    const a = await repos.clone(remote, 'refuse-a');
    const head = async () => (await git(a, ['rev-parse', 'HEAD'])).stdout.trim();
    const before = await head();
    edit(a, 'pages/index.json', retitle('Our Expertise', 'x'.repeat(200)));
    writeFileSync(join(a, 'schemas/notes.txt'), 'code\n');
    const attempt = (paths: string[], message = 'Change') => publish(a, { paths, message, author: ana });

    expect(await publish(a, { paths: ['pages/index.json'], message: '  \n', author: ana })).toMatchObject({
      status: 'refused',
      reason: 'message',
    });
    expect(await publish(a, { paths: ['pages/index.json'], message: 'Hi', author: { name: '', email: 'x' } })).toMatchObject({
      status: 'refused',
      reason: 'author',
    });
    for (const outside of ['schemas/notes.txt', 'pages/../package.json', '/etc/passwd', 'pages//index.json', '--all'])
      expect(await attempt([outside])).toMatchObject({ status: 'refused', reason: 'paths', paths: [outside] });
    expect(await attempt(['pages/about.json'])).toMatchObject({ status: 'refused', reason: 'unchanged', paths: ['pages/about.json'] });
    const problems = await attempt(['pages/index.json']);
    expect(problems).toMatchObject({ status: 'refused', reason: 'problems' });
    expect(problems.status === 'refused' && problems.problems?.map((found) => `${found.file} ${found.path}`)).toEqual([
      'pages/index.json blocks[3].heading',
    ]);

    // A page linking to a new page is refused without it (the published site would have a dead link), accepted with it.
    edit(a, 'pages/index.json', retitle('x'.repeat(200), 'Our Expertise'));
    copyFileSync(join(a, 'pages/about.json'), join(a, 'pages/team.json'));
    edit(a, 'pages/team.json', (value) => {
      value.title = 'Our team';
    });
    edit(a, 'pages/index.json', (value) => {
      (value.blocks.at(-1) as { action: unknown }).action = { label: 'Meet the team', href: '/team' };
    });
    const dead = await attempt(['pages/index.json']);
    expect(dead).toMatchObject({ status: 'refused', reason: 'problems' });
    expect(dead.status === 'refused' && dead.problems?.map((found) => `${found.file} ${found.code}`)).toEqual([
      'pages/index.json deadLink',
    ]);
    // A page naming a new picture is refused without it.
    copyFileSync(join(a, 'public/media/hero-poster.jpg'), join(a, 'public/media/poster-2.jpg'));
    edit(a, 'pages/index.json', (value) => {
      (value.blocks[0] as { video: { poster: string } }).video.poster = '/media/poster-2.jpg';
    });
    expect(await attempt(['pages/index.json', 'pages/team.json'])).toMatchObject({
      status: 'refused',
      reason: 'incomplete',
      paths: ['public/media/poster-2.jpg'],
    });
    expect(await head()).toBe(before);
    expect(await attempt(['pages/index.json', 'pages/team.json', 'public/media/poster-2.jpg'])).toMatchObject({ status: 'published' });
  });

  it('commits only, with no remote; the committer is the person when git has no user', async () => {
    const remote = await repos.remote('local');
    const a = await repos.clone(remote, 'local-a', null);
    await git(a, ['branch', '--unset-upstream']);
    expect(await authorFromGit(a)).toBeNull();
    edit(a, 'pages/about.json', retitle('Who we are', 'Us'));
    const result = await publish(a, { paths: ['pages/about.json'], message: 'About: shorter', author: ben });
    expect(result.status).toBe('committed');
    expect(await lines(a, ['log', '-1', '--format=%an <%ae>|%cn <%ce>|%s'])).toEqual([
      'Ben Writer <ben@example.com>|Ben Writer <ben@example.com>|About: shorter',
    ]);
    expect(await history(remote)).toHaveLength(1);
    const b = await repos.clone(remote, 'local-b');
    expect(await authorFromGit(b)).toEqual({ name: 'local-b tester', email: 'local-b@example.com' });
  });

  it('refuses a branch name starting with - in words, from a setting or git’s configuration, and never passes it to git', async () => {
    const remote = await repos.remote('dash');
    const a = await repos.clone(remote, 'dash-a');
    edit(a, 'pages/about.json', retitle('Who we are', 'Us'));
    await git(a, ['branch', '--unset-upstream']);
    // What to correct goes to the editor's log, for whoever set it up; the person reads that publishing is not set up.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = (): string => logged.mock.calls.flat().join('\n');
    const notSetUp =
      'Publishing is not set up right on this computer, so nothing can be published yet: tell whoever set up the editor (its log says what to correct).';
    const bySetting = await publish(a, {
      paths: ['pages/about.json'],
      message: 'Us',
      author: ana,
      remote: { remote: 'origin', branch: '-f' },
    });
    expect(bySetting).toMatchObject({ status: 'refused', reason: 'remote' });
    expect(bySetting.status === 'refused' && bySetting.message).toBe(notSetUp);
    expect(log()).toMatch(/"-f", starts with "-", which git does not allow/);
    expect(
      await publish(a, { paths: ['pages/about.json'], message: 'Us', author: ana, remote: { remote: '--upload-pack=x', branch: 'main' } }),
    ).toMatchObject({
      status: 'refused',
      reason: 'remote',
    });
    await git(a, ['config', 'branch.main.remote', 'origin']);
    await git(a, ['config', 'branch.main.merge', 'refs/heads/--force']);
    expect(await listChanges(a)).toMatchObject({ remote: null, remoteProblem: notSetUp });
    expect(log()).toMatch(/"--force", starts with "-"/);
    logged.mockRestore();
    expect(await pushPending(a)).toMatchObject({ status: 'refused', reason: 'remote' });
    expect(await lines(remote, ['for-each-ref', '--format=%(refname)'])).toEqual(['refs/heads/main']);
    expect(await lines(a, ['rev-list', '--count', 'origin/main..HEAD'])).toEqual(['0']);
  });
});
