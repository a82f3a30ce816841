/**
 * What publishing checks is what it commits and pushes, with real git and a local bare remote:
 * saves land while publishes run (as an editor's do), and every commit that reaches the remote
 * is checked out afterwards and passes the validator; a merge made while pushing is checked too.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { rewriteJson } from '../../../scripts/content/fixing/migrate-tree';
import { listChanges } from '../../../scripts/publish/changes/list-changes';
import { git } from '../../../scripts/publish/git/git';
import { publish, type PublishResult } from '../../../scripts/publish/publish';
import { type GitRepos, gitRepos } from '../../helpers/git-repos';

type Json = Record<string, unknown> & { title?: string; blocks: Record<string, unknown>[] };

let repos: GitRepos;
beforeAll(async () => {
  repos = await gitRepos();
});
afterAll(() => repos.cleanup());

const ana = { name: 'Ana Editor', email: 'ana@example.com' };
const ben = { name: 'Ben Writer', email: 'ben@example.com' };
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const lines = async (cwd: string, args: string[]): Promise<string[]> => (await git(cwd, args)).stdout.split('\n').filter(Boolean);

/** Writes a file as the editor saves one: whole, into a new file beside it (there a moment) renamed over the old. */
function save(checkout: string, path: string, text: string): void {
  const file = join(checkout, path);
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** The home page's text with its last block's button leading to `href` (or as it was), and its first heading set. */
function homeText(original: string, heading: string, href?: string): string {
  const value = JSON.parse(original) as Json;
  (value.blocks[0] as { heading: string }).heading = heading;
  if (href) (value.blocks.at(-1) as { action: unknown }).action = { label: 'Read the news', href };
  return rewriteJson(original, value);
}

/** A new page made from the About page, under its own title. */
function pageText(about: string, title: string): string {
  const value = JSON.parse(about) as Json;
  value.title = title;
  value.description = `${title}: what is new at Nuvora this week, in a few lines.`;
  return rewriteJson(about, value);
}

/** Every problem the validator finds in each commit of the remote's main after the first, checked out one by one: "<commit> <file> <code>". */
async function problemsOfEachCommit(remote: string, name: string): Promise<{ commits: number; problems: string[] }> {
  const checkout = await repos.clone(remote, name);
  const first = (await lines(checkout, ['rev-list', '--max-parents=0', 'HEAD']))[0];
  const problems: string[] = [];
  let checked = 0;
  for (const commit of (await lines(checkout, ['rev-list', '--reverse', 'HEAD'])).filter((each) => each !== first)) {
    await git(checkout, ['checkout', '-q', '-f', '--detach', commit]);
    await git(checkout, ['clean', '-q', '-f', '-d']);
    checked += 1;
    for (const found of loadSite(checkout).problems) problems.push(`${commit.slice(0, 7)} ${found.file} ${found.code}`);
  }
  return { commits: checked, problems };
}

describe('publishing with saves in flight', () => {
  it('pushes only commits that pass the validator: 14 publishes while the home page and new pages it links to are saved', async () => {
    const remote = await repos.remote('in-flight');
    const a = await repos.clone(remote, 'in-flight-a');
    const home = readFileSync(join(a, 'pages/index.json'), 'utf8');
    const about = readFileSync(join(a, 'pages/about.json'), 'utf8');
    let stop = false;
    let last = '';
    // The person keeps saving: a new page (as the editor saves), then the home page with and without a link to it, over
    // and over (as a text editor saves, in place: a reader may find it half written).
    const saving = (async () => {
      for (let round = 1; !stop; round += 1) {
        save(a, `pages/news-${round}.json`, pageText(about, `News ${round}`));
        for (let turn = 0; turn < 20 && !stop; turn += 1) {
          last = homeText(home, `Round ${round}`, turn % 2 === 1 ? `/news-${round}` : undefined);
          writeFileSync(join(a, 'pages/index.json'), last);
          await pause(3);
        }
      }
    })();
    const results: PublishResult[] = [];
    try {
      for (let publishing = 1; publishing <= 14; publishing += 1) {
        // As the Changes screen does: every changed file without problems, chosen.
        const listed = (await listChanges(a)).changes.filter((change) => change.problems.length === 0).map((change) => change.path);
        results.push(await publish(a, { paths: listed, message: `Publish ${publishing}`, author: ana }));
      }
    } finally {
      stop = true;
      await saving;
    }
    // Each was published, or refused for what its files would have lacked; none was pushed unchecked.
    for (const result of results)
      expect(['published', 'refused'], result.status === 'refused' ? result.message : result.status).toContain(result.status);
    const published = results.filter((result) => result.status === 'published').length;
    expect(published).toBeGreaterThan(0);
    const pushed = await problemsOfEachCommit(remote, 'in-flight-check');
    expect(pushed.commits).toBe(published);
    expect(pushed.problems).toEqual([]);
    // No save was lost: the home page on disk is the last one written.
    expect(readFileSync(join(a, 'pages/index.json'), 'utf8')).toBe(last);
  });
});

describe('a merge made while pushing', () => {
  it('is checked before it is pushed: a link to a page someone else deleted meanwhile is not pushed, and waits here', async () => {
    const remote = await repos.remote('merged');
    const a = await repos.clone(remote, 'merged-a');
    const about = readFileSync(join(a, 'pages/about.json'), 'utf8');
    writeFileSync(join(a, 'pages/spare.json'), pageText(about, 'A spare page'));
    expect(await publish(a, { paths: ['pages/spare.json'], message: 'A spare page', author: ana })).toMatchObject({
      status: 'published',
    });
    const b = await repos.clone(remote, 'merged-b');
    // Ana deletes the spare page (nothing links to it); Ben, not knowing, links to it from the home page.
    rmSync(join(a, 'pages/spare.json'));
    expect(await publish(a, { paths: ['pages/spare.json'], message: 'No spare page', author: ana })).toMatchObject({
      status: 'published',
    });
    const tip = (await git(remote, ['rev-parse', 'main'])).stdout.trim();
    const home = readFileSync(join(b, 'pages/index.json'), 'utf8');
    writeFileSync(join(b, 'pages/index.json'), homeText(home, 'Spare news', '/spare'));

    const result = await publish(b, { paths: ['pages/index.json'], message: 'Home: to the spare page', author: ben });
    expect(result).toMatchObject({ status: 'not-pushed', reason: 'problems' });
    expect(result.status === 'not-pushed' && result.problems?.map((found) => `${found.file} ${found.code}`)).toEqual([
      'pages/index.json deadLink',
    ]);
    expect(result.status === 'not-pushed' && result.message).toMatch(
      /^Others published changes meanwhile, and with yours merged in, the site would have problems: The home page: .+\. Nothing was lost: your change waits as not yet published\. Fix it, then publish again\.$/,
    );
    expect((await git(remote, ['rev-parse', 'main'])).stdout.trim()).toBe(tip);
    expect((await listChanges(b)).changes).toMatchObject([{ path: 'pages/index.json', committed: true, uncommitted: false }]);
    expect((await problemsOfEachCommit(remote, 'merged-check')).problems).toEqual([]);
  });
});
