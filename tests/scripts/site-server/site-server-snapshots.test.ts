/**
 * How the site server keeps serving the last finished build of a folder that builds rewrite
 * (scripts/site-server/served-dist.ts, build-switch.ts): the real server and the real snapshots
 * over small build folders written here the way the build writes them (each file renamed into
 * place, the record last), with the snapshots kept on the same file system as the folder, on
 * another one (/dev/shm, a tmpfs), and nowhere.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSwitch } from '../../../scripts/site-server/build-switch';
import { distSnapshot } from '../../../scripts/site-server/dist-snapshot';
import { servedDist, servedDistMessages } from '../../../scripts/site-server/served-dist';
import { createSiteServer, type SiteServer } from '../../../scripts/site-server/site-server';
import { scratchFolder } from '../../helpers/project';
import { waitFor } from '../../helpers/wait';

const scratch = scratchFolder('site-server-snapshots');
/** A file system other than the project's, where a link to the folder's files cannot be made. */
const OTHER_FILE_SYSTEM = '/dev/shm';

/** Writes a file as the build does: a new file beside it, renamed over it. */
function put(folder: string, file: string, content: string | Buffer): void {
  const path = join(folder, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, content);
  renameSync(`${path}.tmp`, path);
}

/** A finished build of `pages` (route → words) into `folder`: each page, the not-found page, a large file, then the record. */
function finishBuild(folder: string, pages: Record<string, string>, big = 'big'): void {
  for (const [route, words] of Object.entries(pages))
    put(folder, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`, `<!doctype html><p>${words}</p></html>\n`);
  put(folder, '404.html', '<!doctype html><p>Not here</p></html>\n');
  // Large enough that its answer cannot leave in one go to a client that reads nothing.
  put(folder, 'big.bin', Buffer.alloc(16 * 1024 * 1024, big));
  put(folder, '.build/record.json', JSON.stringify({ finished: performance.now() }));
}

const running: SiteServer[] = [];
const watching: { stop: () => void }[] = [];
/** Folders outside the scratch folder, removed once nothing watches them. */
const outside: string[] = [];
afterEach(async () => {
  for (const served of watching.splice(0)) served.stop();
  for (const server of running.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const folder of outside.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The real server over what `servedDist` serves, switching as it says; with every line it logged. */
async function serve(dist: string, places: string[], graceMs = 60_000) {
  const lines: string[] = [];
  const served = await servedDist({ distDir: dist, name: 'the folder', places, log: (line) => lines.push(line), intervalMs: 50 });
  const server = createSiteServer({ distDir: served.dir });
  running.push(server);
  watching.push(served);
  served.watch(buildSwitch(server, served.dir, served.release, graceMs));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const text = async (path: string): Promise<string> => {
    const response = await fetch(`${base}${path}`);
    return `${response.status} ${await response.text()}`;
  };
  return { served, lines, base, text, port: (server.address() as AddressInfo).port };
}

/** The snapshots a place holds for this process. */
const snapshotsIn = (place: string): string[] =>
  existsSync(place)
    ? readdirSync(place)
        .filter((name) => name.startsWith(`${process.pid}-`))
        .flatMap((name) => readdirSync(join(place, name)).map((snapshot) => join(place, name, snapshot)))
    : [];

describe('the served build of a folder that builds rewrite', () => {
  it('is a snapshot of links beside the folder, which a build half done does not reach; the next finished build is served, new page included, and the old snapshot goes once its last answer is sent', async () => {
    const dist = join(scratch, 'links/dist');
    const place = join(scratch, 'links/snapshots');
    finishBuild(dist, { '/': 'Home, first', '/about': 'About, first' });
    const site = await serve(dist, [place], 0);
    expect(site.lines).toEqual([]);
    const [first] = snapshotsIn(place);
    expect(first).toBeDefined();
    // Links, not copies: the same file.
    expect(statSync(join(first ?? '', 'about/index.html')).ino).toBe(statSync(join(dist, 'about/index.html')).ino);

    // A client that reads nothing of a large answer holds it open on the first build.
    const holder = connect(site.port, '127.0.0.1');
    holder.pause();
    holder.write('GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n');

    // A build begins (the record goes first) and stops halfway: a page gone, one half-written, one added.
    rmSync(join(dist, '.build/record.json'));
    rmSync(join(dist, 'about/index.html'));
    put(dist, 'index.html', '<!doctype html><p>Home, hal');
    put(dist, 'new/index.html', '<!doctype html><p>New, half done</p></html>\n');
    await sleep(500);
    expect(await site.text('/about')).toBe('200 <!doctype html><p>About, first</p></html>\n');
    expect(await site.text('/')).toBe('200 <!doctype html><p>Home, first</p></html>\n');
    expect(await site.text('/new')).toMatch(/^404 /);

    finishBuild(dist, { '/': 'Home, second', '/about': 'About, second', '/new': 'New, second' }, 'b');
    await waitFor('the new page', async () => (await site.text('/new')) === '200 <!doctype html><p>New, second</p></html>\n');
    expect(await site.text('/')).toBe('200 <!doctype html><p>Home, second</p></html>\n');
    expect(site.lines).toEqual([servedDistMessages.switched('the folder')]);
    // The first snapshot stays while the held answer is still going out (its grace here is none).
    await sleep(500);
    expect(snapshotsIn(place)).toContain(first);
    holder.destroy();
    await waitFor('the first snapshot to go', () => !snapshotsIn(place).includes(first ?? ''));
    expect(snapshotsIn(place)).toHaveLength(1);
  });

  it('is a copy on another file system, said once with its size, and still switches to each finished build', async () => {
    const dist = join(scratch, 'copies/dist');
    const place = join(OTHER_FILE_SYSTEM, `site-server-snapshots-${process.pid}`);
    expect(statSync(OTHER_FILE_SYSTEM).dev).not.toBe(statSync(scratch).dev);
    finishBuild(dist, { '/': 'Home, first' });
    outside.push(place);
    const site = await serve(dist, [place]);
    expect(site.lines).toEqual([servedDistMessages.copies('the folder', place, 'EXDEV', 16)]);
    const [first] = snapshotsIn(place);
    expect(statSync(join(first ?? '', 'index.html')).ino).not.toBe(statSync(join(dist, 'index.html')).ino);
    finishBuild(dist, { '/': 'Home, second', '/added': 'Added' });
    await waitFor('the added page', async () => (await site.text('/added')).startsWith('200 '));
    expect(await site.text('/')).toBe('200 <!doctype html><p>Home, second</p></html>\n');
  });

  it('counts every byte it copied, when many files are copied at once', async () => {
    const dist = join(scratch, 'counted/dist');
    // Files of different sizes, so that copies finish out of order.
    const sizes = Array.from({ length: 48 }, (_, index) => ((index * 7919) % 97) * 1024 + index);
    for (const [index, size] of sizes.entries()) put(dist, `files/${index}.bin`, Buffer.alloc(size, 'x'));
    const place = join(OTHER_FILE_SYSTEM, `site-server-counted-${process.pid}`);
    outside.push(place);
    const made = await distSnapshot(dist, join(place, 'snapshot'));
    expect(made).toEqual({ files: sizes.length, copied: sizes.length, copiedBytes: sizes.reduce((sum, size) => sum + size, 0) });
  });

  it('is the folder itself when no place can hold a snapshot (none can be made, or another user may write to it), said once, and its index is made again when a build finishes', async () => {
    const dist = join(scratch, 'nowhere/dist');
    finishBuild(dist, { '/': 'Home, first' });
    // A path under a file: no folder can be made there.
    const nowhere = join(dist, 'index.html', 'snapshots');
    // A folder others may write to (as one made first by another user in /tmp): its snapshot's pages could be swapped.
    const shared = join(scratch, 'nowhere/shared');
    mkdirSync(shared, { recursive: true });
    chmodSync(shared, 0o777);
    const site = await serve(dist, [nowhere, shared]);
    expect(site.served.dir).toBe(dist);
    expect(site.lines).toEqual([
      servedDistMessages.noPlace('the folder', `${nowhere}: ENOTDIR; ${shared}: not the server user’s own folder`),
    ]);
    expect(readdirSync(shared)).toEqual([]);
    finishBuild(dist, { '/': 'Home, second', '/added': 'Added' });
    await waitFor('the added page', async () => (await site.text('/added')).startsWith('200 '));
  });

  it('takes the same build again when its snapshot is removed by something else (npm ci empties node_modules/), and says so', async () => {
    const dist = join(scratch, 'removed/dist');
    const place = join(scratch, 'removed/snapshots');
    finishBuild(dist, { '/': 'Home, first' });
    const site = await serve(dist, [place]);
    const [first] = snapshotsIn(place);
    rmSync(place, { recursive: true, force: true });
    await waitFor('the page again', async () => (await site.text('/')) === '200 <!doctype html><p>Home, first</p></html>\n');
    expect(site.lines).toEqual([servedDistMessages.lost('the folder', first ?? '')]);
    expect(snapshotsIn(place)).toHaveLength(1);
  });

  it('serves a folder without a record as it is, says so, and switches once a build finishes there', async () => {
    const dist = join(scratch, 'unfinished/dist');
    const place = join(scratch, 'unfinished/snapshots');
    finishBuild(dist, { '/': 'Home, first', '/about': 'About, first' });
    rmSync(join(dist, '.build/record.json'));
    rmSync(join(dist, 'about/index.html'));
    const site = await serve(dist, [place]);
    expect(site.lines).toEqual([servedDistMessages.noRecord('the folder')]);
    expect(await site.text('/about')).toMatch(/^404 /);
    finishBuild(dist, { '/': 'Home, second', '/about': 'About, second' });
    await waitFor('the finished build', async () => (await site.text('/about')) === '200 <!doctype html><p>About, second</p></html>\n');
  });
});
