/**
 * The preview server with a real git checkout followed by a real follower, a bare remote, and a
 * colleague's clone that takes a review's steps as the editor does (a branch review/<id> whose
 * commits carry the review's trailers), pushed to the remote. The site is the follower tests'
 * small one, whose build script is a shell script: a preview is built by the served commit's
 * script, in the sandbox, from the served tree with the review's change on top.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepMessage } from '../../../../scripts/publish/review/read-review';
import { measuringClaim, signPreview } from '../../../../scripts/publish/review/read-preview';
import { followGit } from '../../../../scripts/site-server/follow/follow-git';
import { buildUserOf } from '../../../../scripts/site-server/follow/follow-settings';
import { previewBuilds } from '../../../../scripts/site-server/preview/preview-builds';
import { previewReviews } from '../../../../scripts/site-server/preview/preview-reviews';
import { previewServer } from '../../../../scripts/site-server/preview/preview-server';
import { openRepository, type Repository } from '../../../../scripts/publish/git/repository';
import { type Cleanups, serveAndFollow, tempFolder, testCheckout, withRemote } from '../../../helpers/follow-checkout';
import { waitFor } from '../../../helpers/wait';

const SECRET = 'a preview secret of the tests';
/** The served code's build: a page with a head and a body, naming pages/version.txt. */
const PAGE_BUILD = `#!/bin/sh
set -e
version=$(cat pages/version.txt)
mkdir -p "$2"
printf '<!doctype html><html lang="en"><head><title>%s</title></head><body><div id="root"><h1>%s</h1></div></body></html>' "$version" "$version" > "$2/index.html.tmp"
mv "$2/index.html.tmp" "$2/index.html"
`;

const cleanups: Cleanups = [];
let base = '';
let live = '';
let there: (args: string[], input?: string) => Promise<string>;
let colleague = '';
let remote = '';
const logged: string[] = [];

beforeAll(async () => {
  const repo = await testCheckout(cleanups, 'published');
  await repo.commit({ 'build.sh': PAGE_BUILD });
  ({ there, colleague, remote } = await withRemote(cleanups, repo));
  const head = await repo.run(['rev-parse', 'HEAD']);
  const followed = await serveAndFollow(cleanups, { checkout: repo.checkout, buildsDir: tempFolder(cleanups, 'preview-live-') });
  live = followed.base;
  await waitFor('the live build', () => followed.follower.served?.commit === head);
  const reviews = await previewReviews(repo.checkout);
  if (typeof reviews === 'string') throw new Error(reviews);
  const stopping = new AbortController();
  cleanups.push(() => stopping.abort());
  const builds = previewBuilds({
    checkout: repo.checkout,
    buildsDir: join(tempFolder(cleanups, 'preview-builds-'), 'builds'),
    git: followGit(repo.checkout, 60_000, stopping.signal),
    user: buildUserOf(undefined),
    env: process.env,
    timeoutMs: 120_000,
    signal: stopping.signal,
    log: (line) => logged.push(line),
  });
  const server = previewServer({
    secret: SECRET,
    repo: (await openRepository(repo.checkout)) as Repository,
    reviews,
    builds,
    served: () => followed.follower.served,
    log: (line) => logged.push(line),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let reviews = 0;
/** A review asked in the colleague's clone, changing `files`, with a preview link shared; pushed. */
async function review(files: Record<string, string>, days = 7) {
  reviews += 1;
  const id = `2026-12-07-${String(reviews).padStart(8, '0')}`;
  await there(['checkout', '-q', '-B', `review/${id}`, 'origin/main']);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(colleague, path)), { recursive: true });
    writeFileSync(join(colleague, path), text);
  }
  await there(['add', '-A']);
  await there(['commit', '-q', '-F', '-'], stepMessage('A new version for the home page', id, 'asked'));
  const tip = await there(['rev-parse', 'HEAD']);
  const link = `${String(reviews).padStart(4, '0')}aaaabbbbcccc`;
  const expires = Date.now() + days * 86_400_000;
  await there(
    ['commit', '-q', '--allow-empty', '-F', '-'],
    stepMessage('Shared a preview link.', id, 'link-shared', { id: link, expires: new Date(expires).toISOString() }),
  );
  await there(['push', '-q', 'origin', `review/${id}`]);
  const claim = { review: id, tip, link, expires };
  return { id, link, token: signPreview(SECRET, claim), claim };
}

/** Opens a link as a browser would: the link, then the page it sends to with the cookie it set. */
async function open(token: string, path = '') {
  const link = await fetch(`${base}/__preview/${token}${path}`, { redirect: 'manual' });
  const cookie = (link.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    link,
    cookie,
    page: (address = link.headers.get('location') ?? '/') => fetch(`${base}${address}`, { headers: { Cookie: cookie } }),
  };
}

/** The page once its preview is built (answered 503 while it is being made). */
async function built(page: () => Promise<Response>): Promise<Response> {
  let answer = await page();
  while (answer.status === 503) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = await page();
  }
  return answer;
}

describe('a preview link', () => {
  it('opens the review as visitors would see it once approved, with a banner, noindex and no shared caching; the live site is unchanged', async () => {
    const { token } = await review({ 'pages/version.txt': 'in review' });
    const { link, cookie, page } = await open(token);
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe('/');
    expect(link.headers.get('set-cookie')).toMatch(/^site_preview=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(cookie).toBe(`site_preview=${token}`);
    const answer = await built(page);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<h1>in review</h1>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toMatch(
      /<body><div role="region" aria-label="Preview"[^>]*><strong>Preview, not live:<\/strong> “A new version for the home page” changes /,
    );
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await (await fetch(`${live}/`)).text()).toContain('<h1>published</h1>');
  });

  it("shows the review's newest version after the author updates it", async () => {
    const { id, token } = await review({ 'pages/version.txt': 'first draft' });
    const { page } = await open(token);
    expect(await (await built(page)).text()).toContain('<h1>first draft</h1>');
    writeFileSync(join(colleague, 'pages/version.txt'), 'second draft');
    await there(['commit', '-q', '-a', '-F', '-'], stepMessage('Second draft', id, 'updated'));
    await there(['push', '-q', 'origin', `review/${id}`]);
    await waitFor('the new version', async () => (await (await built(page)).text()).includes('<h1>second draft</h1>'));
  });

  it('answers 404 once revoked in a step pushed to the remote, both the link and the page its cookie opens', async () => {
    const { id, link, token } = await review({ 'pages/version.txt': 'to be revoked' });
    const { page } = await open(token);
    expect((await built(page)).status).toBe(200);
    await there(['commit', '-q', '--allow-empty', '-F', '-'], stepMessage('Revoked.', id, 'link-revoked', { id: link }));
    await there(['push', '-q', 'origin', `review/${id}`]);
    await waitFor('the revocation', async () => (await page()).status === 404);
    const again = await fetch(`${base}/__preview/${token}`, { redirect: 'manual' });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain('This preview link does not work');
  });

  it('answers 410 once expired, 404 for a token changed, cut or signed with another secret, and 404 without one', async () => {
    const { claim, token } = await review({ 'pages/version.txt': 'expiring' });
    const expired = signPreview(SECRET, { ...claim, expires: Date.now() - 1000 });
    const answer = await fetch(`${base}/__preview/${expired}`, { redirect: 'manual' });
    expect(answer.status).toBe(410);
    expect(await answer.text()).toContain('This preview link has expired');
    expect((await fetch(`${base}/`, { headers: { Cookie: `site_preview=${expired}` } })).status).toBe(410);
    const changed = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const bad of [changed, token.slice(0, -3), signPreview('another secret of sixteen', claim), 'x'.repeat(5000), '%zz'])
      expect((await fetch(`${base}/__preview/${bad}`, { redirect: 'manual' })).status, bad.slice(0, 20)).toBe(404);
    const none = await fetch(`${base}/`);
    expect(none.status).toBe(404);
    expect(await none.text()).toContain('Open the link you were sent');
  });

  it('lands only on a plain page address of the site, whatever the link names after the token', async () => {
    const { token } = await review({ 'pages/version.txt': 'landing' });
    for (const [path, location] of [
      ['/about', '/about'],
      ['/use-cases/it-operations', '/use-cases/it-operations'],
      ['/..%2f..%2fetc', '/'],
      ['/%0d%0aSet-Cookie:x', '/'],
    ] as const)
      expect((await fetch(`${base}/__preview/${token}${path}`, { redirect: 'manual' })).headers.get('location'), path).toBe(location);
  });

  it('refuses, in words, a review that changes the build script or anything but pages and pictures, and runs none of it', async () => {
    const marker = join(tempFolder(cleanups, 'preview-marker-'), 'ran');
    const { token } = await review({
      'pages/version.txt': 'with code',
      'build.sh': `#!/bin/sh\ntouch ${marker}\n`,
      'package.json': JSON.stringify({ scripts: { build: `touch ${marker}` } }),
      'src/main.ts': `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\n`,
    });
    const { page } = await open(token);
    const answer = await page();
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('this review also changes other files of the site (build.sh, package.json and src/main.ts)');
    expect(existsSync(marker)).toBe(false);
  });

  it('is not shown while the remote that keeps the reviews cannot be reached (a revocation could be missed), and is once it can', async () => {
    const { token } = await review({ 'pages/version.txt': 'remote away' });
    const { page } = await open(token);
    expect((await built(page)).status).toBe(200);
    const away = `${remote}-away`;
    renameSync(remote, away);
    try {
      await waitFor('the remote to be missed', async () => (await page()).status === 503);
      const answer = await page();
      expect(await answer.text()).toContain('The preview cannot be checked just now');
    } finally {
      renameSync(away, remote);
    }
    await waitFor('the preview again', async () => (await page()).status === 200);
  });

  it("weighs the review's pages on the build served and on the preview's, with the site's check, for the editor's own short-lived token only", async () => {
    const { id, claim } = await review({ 'pages/version.txt': 'weighed', 'pages/index.json': '{ "blocks": [] }' });
    const weigh = async (token: string) => {
      const answer = await fetch(`${base}/__preview/${token}/__weights`);
      return { status: answer.status, body: (await answer.json()) as { state: string } };
    };
    const measuring = signPreview(SECRET, measuringClaim(id));
    await waitFor('the weights', async () => (await weigh(measuring)).body.state === 'ready');
    const weight = { jsBytes: 0, pictureBytes: 0 };
    expect((await weigh(measuring)).body).toEqual({
      state: 'ready',
      verdict: 'passed',
      pages: [{ path: 'pages/index.json', route: '/', before: weight, after: weight, budgetKb: null }],
    });
    // That token opens no page, and one past its minute weighs nothing; a shared link's token weighs too.
    expect((await fetch(`${base}/__preview/${measuring}`, { redirect: 'manual' })).status).toBe(404);
    expect((await weigh(signPreview(SECRET, measuringClaim(id, Date.now() - 120_000)))).status).toBe(410);
    expect((await weigh(signPreview(SECRET, claim))).body.state).toBe('ready');

    // A version the site's build refuses: its words are the verdict, and the review's pages weigh nothing yet.
    const broken = await review({ 'pages/version.txt': '' });
    await there(['rm', '-q', 'pages/version.txt']);
    await there(['commit', '-q', '-F', '-'], stepMessage('Without a version', broken.id, 'updated'));
    await there(['push', '-q', 'origin', `review/${broken.id}`]);
    const brokenToken = signPreview(SECRET, measuringClaim(broken.id));
    await waitFor('the refused build', async () => (await weigh(brokenToken)).body.state === 'ready');
    expect((await weigh(brokenToken)).body).toEqual({
      state: 'ready',
      verdict: 'This preview could not be made. Ask whoever runs the site to look at its log.',
      pages: [],
    });
  });

  it('has forms that answer as sent and keep nothing, and answers what it does not serve without ending', async () => {
    const token = await fetch(`${base}/api/form-token?form=enquiry`);
    expect(await token.json()).toEqual({ token: 'preview' });
    const sent = await fetch(`${base}/api/enquiry`, { method: 'POST', body: JSON.stringify({ name: 'Ada' }) });
    expect([sent.status, await sent.json()]).toEqual([200, { ok: true, preview: true }]);
    expect((await fetch(`${base}/api/apply`)).status).toBe(405);
    expect((await fetch(`${base}/`, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${base}/`, { headers: { Cookie: 'site_preview=' } })).status).toBe(404);
    expect((await fetch(`${base}/`, { headers: { Cookie: `site_preview=${'a.'.repeat(300)}` } })).status).toBe(404);
    expect((await fetch(`${base}/__preview/reload.js`)).status).toBe(200);
    // Nothing went wrong in a handler (a fetch that failed is said in a line of its own).
    expect(logged.filter((line) => line.startsWith('Preview '))).toEqual([]);
  });
});
