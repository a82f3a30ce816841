/**
 * Who published a page on the site since the version this checkout has (the one a draft of it
 * starts from): the remote's commits that change the file and are not here yet, with their
 * authors and dates, and whether the last of them deleted the page or moved it elsewhere.
 * Asked when a page is opened and when it is saved; a site that cannot be reached, a checkout
 * without a remote or without git answer null, and the editor then says nothing.
 */
import { contentFileOf } from '../../content/content-file';
import type { PublishedSince, Publisher } from '../../../src/content/colleague-types';
import { remoteOf } from '../git/remote';
import { commitOf, nulSplit, openRepository, run } from '../git/repository';
import { fetchSite } from './fetch-site';

/** Where a page the site no longer has at `path` went, if one commit between `from` and `to` moved it: its new address. */
async function movedTo(repo: Parameters<typeof run>[0], from: string, to: string, path: string): Promise<string | undefined> {
  const fields = nulSplit((await run(repo, ['diff', '-z', '--name-status', '-M', from, to])).stdout);
  for (let at = 0; at < fields.length; ) {
    const status = fields[at] ?? '';
    if (status.startsWith('R') || status.startsWith('C')) {
      const [source, target] = [fields[at + 1], fields[at + 2]];
      if (source === path && status.startsWith('R') && target?.startsWith('pages/')) {
        const file = contentFileOf(target.slice('pages/'.length));
        return file && 'route' in file && typeof file.route === 'string' ? file.route : target;
      }
      at += 3;
    } else at += 2;
  }
  return undefined;
}

/** The page `path`'s publishes on the site since this checkout's version of it; null when there are none or the site cannot be asked. */
export async function publishedSince(root: string, path: string): Promise<PublishedSince | null> {
  const repo = await openRepository(root);
  if (typeof repo === 'string') return null;
  const remote = await remoteOf(repo);
  if (remote === null || typeof remote === 'string') return null;
  // What was fetched last still counts when the site is slow now: it is what the site had then.
  await fetchSite(repo, remote);
  const [head, site] = await Promise.all([commitOf(repo, 'HEAD'), commitOf(repo, remote.tracking)]);
  if (!head || !site) return null;
  const log = (await run(repo, ['log', '--reverse', '--format=%an%x00%cI%x00', `${head}..${site}`, '--', path])).stdout;
  const parts = log.split('\0').map((part) => part.trim());
  const publishes: Publisher[] = [];
  for (let at = 0; at + 1 < parts.length; at += 2) publishes.push({ name: parts[at] ?? '', date: parts[at + 1] ?? '' });
  if (publishes.length === 0) return null;
  const there = (await run(repo, ['cat-file', '-e', `${site}:${path}`], { allowFailure: true })).code === 0;
  if (there) return { publishes, state: 'changed' };
  const base = (await run(repo, ['merge-base', head, site], { allowFailure: true })).stdout.trim() || head;
  const moved = await movedTo(repo, base, site, path);
  return moved === undefined ? { publishes, state: 'deleted' } : { publishes, state: 'moved', movedTo: moved };
}
