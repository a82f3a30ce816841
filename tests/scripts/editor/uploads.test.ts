import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEditor, startEditor } from '../../../scripts/editor/start-editor';
import { forgetUploads, sweepUploads, UNUSED_UPLOAD_MS } from '../../../scripts/editor/pictures/sweep-uploads';
import { recordUpload } from '../../../scripts/editor/pictures/record-upload';
import { storePicture } from '../../../scripts/editor/pictures/store-picture';
import type { OpenedFile, Picture, UploadedPicture } from '../../../src/content/api-types';
import { hiddenDetails, photoWithLocation } from '../../helpers/photos';
import { root, scratchFolder } from '../../helpers/project';

/** A real picture of the site's, as a person would upload one. */
const photo = readFileSync(join(root, 'public/images/brand/social-card.jpg'));

const scratch = scratchFolder('editor-uploads');

/** A fresh copy of the project's pages/ and public/ to upload into. */
function project(name: string) {
  const at = join(scratch, name);
  for (const folder of ['pages', 'public']) cpSync(join(root, folder), join(at, folder), { recursive: true });
  const places = { root: at, pagesDir: join(at, 'pages'), publicDir: join(at, 'public') };
  const upload = async (file: string, now = Date.now()): Promise<Picture> => {
    const { picture, stored } = await storePicture(places.publicDir, file, photo);
    recordUpload(places, picture, stored, now);
    return picture;
  };
  const onDisk = (src: string): boolean => existsSync(join(places.publicDir, src));
  /** Names a picture in a saved page, as a replaced picture field would. */
  const useIn = (page: string, src: string): void => {
    const file = join(places.pagesDir, page);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"/images/pages/testing.svg"', JSON.stringify(src)));
  };
  return { places, upload, onDisk, useIn };
}

describe('pictures the editor uploaded and no saved file uses', () => {
  it('are removed when the draft that uploaded them is discarded, unless a saved file names them', async () => {
    const { places, upload, onDisk, useIn } = project('discard');
    const unused = await upload('Team photo.jpg');
    const used = await upload('Office.jpg');
    useIn('testing.json', used.src);
    expect(forgetUploads(places, [unused.src, used.src])).toEqual([unused.src]);
    expect(onDisk(unused.src)).toBe(false);
    expect(onDisk(used.src)).toBe(true);
  });

  it('once a saved file has named one, it is the site’s picture: a later discard leaves it even when no file names it any more', async () => {
    const { places, upload, onDisk, useIn } = project('adopted');
    const picture = await upload('Office.jpg');
    useIn('testing.json', picture.src);
    expect(sweepUploads(places)).toEqual([]);
    cpSync(join(root, 'pages/testing.json'), join(places.pagesDir, 'testing.json'));
    expect(forgetUploads(places, [picture.src])).toEqual([]);
    expect(onDisk(picture.src)).toBe(true);
  });

  it('never removes a picture the editor did not upload, anything outside public/media/, or an upload changed since', async () => {
    const { places, upload, onDisk } = project('not-ours');
    const changed = await upload('Team photo.jpg');
    writeFileSync(join(places.publicDir, changed.src), Buffer.concat([photo, Buffer.from('edited')]));
    const asked = [
      '/media/hero-poster.jpg',
      '/images/brand/social-card.jpg',
      '/media/../images/brand/social-card.jpg',
      'media/team-photo.jpg',
      changed.src,
    ];
    expect(forgetUploads(places, asked)).toEqual([]);
    for (const src of ['/media/hero-poster.jpg', '/images/brand/social-card.jpg', changed.src]) expect(onDisk(src), src).toBe(true);
    // Changed by someone, it is theirs now: the record forgets it, and it stays for good.
    expect(sweepUploads(places, Date.now() + 2 * UNUSED_UPLOAD_MS)).toEqual([]);
  });

  it('are removed by the sweep a week after their upload, not before: another tab’s draft may still use one', async () => {
    const { places, upload, onDisk } = project('sweep');
    const week = Date.now() - UNUSED_UPLOAD_MS;
    const old = await upload('Old.jpg', week - 60_000);
    const recent = await upload('Recent.jpg', week + 60_000);
    expect(sweepUploads(places)).toEqual([old.src]);
    expect(onDisk(old.src)).toBe(false);
    expect(onDisk(recent.src)).toBe(true);
  });

  it('trusts no record that names a file outside public/media/', async () => {
    const { places, onDisk } = project('record');
    mkdirSync(join(places.root, 'data'));
    // Its bytes and age would have it removed, were it in public/media/.
    const sha256 = createHash('sha256').update(photo).digest('hex');
    const record = [{ name: '../images/brand/social-card.jpg', sha256, at: 0 }];
    writeFileSync(join(places.root, 'data/editor-uploads.json'), JSON.stringify(record));
    expect(sweepUploads(places)).toEqual([]);
    expect(onDisk('/images/brand/social-card.jpg')).toBe(true);
  });
});

describe('the editor server cleans up uploads', () => {
  const content = join(scratchFolder('editor-uploads-server'), 'project');
  let editor: RunningEditor;
  const post = async (name: string, body: unknown, type = 'application/json', headers: Record<string, string> = {}) =>
    fetch(`${editor.url.replace(/\/$/, '')}/__editor/api/${name}`, {
      method: 'POST',
      headers: { Origin: editor.url.replace(/\/$/, ''), 'Content-Type': type, ...headers },
      body: type === 'application/json' ? JSON.stringify(body) : new Uint8Array(body as Buffer),
    });
  const open = async (path: string): Promise<OpenedFile> =>
    (await (await fetch(`${editor.url.replace(/\/$/, '')}/__editor/api/file?path=${encodeURIComponent(path)}`)).json()) as OpenedFile;
  const upload = async (file: string): Promise<Picture> =>
    (await (await post('upload', photo, 'application/octet-stream', { 'X-File-Name': file })).json()) as Picture;

  beforeAll(async () => {
    for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(content, folder), { recursive: true });
    editor = await startEditor({ codeRoot: root, contentRoot: content, host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await editor?.close();
  });

  it('forgets a discarded draft’s uploads that no saved file uses, and keeps the one a save used', async () => {
    const unused = await upload('unused.jpg');
    const used = await upload('used.jpg');
    const opened = await open('pages/testing.json');
    const value = JSON.parse(opened.text.replace('"/images/pages/testing.svg"', JSON.stringify(used.src)));
    expect((await post('save', { path: 'pages/testing.json', value, base: opened.hash })).status).toBe(200);
    const answer = await post('forget-uploads', { srcs: [unused.src, used.src, '/media/hero-poster.jpg'] });
    expect(await answer.json()).toEqual({ removed: [unused.src] });
    expect(existsSync(join(content, 'public', unused.src))).toBe(false);
    expect(existsSync(join(content, 'public', used.src))).toBe(true);
    expect(existsSync(join(content, 'public/media/hero-poster.jpg'))).toBe(true);
  });

  it('removes an upload unused for a week after a save', async () => {
    const stale = await upload('stale.jpg');
    const record = join(content, 'data/editor-uploads.json');
    const aged = (JSON.parse(readFileSync(record, 'utf8')) as { name: string; at: number }[]).map((upload) => ({ ...upload, at: 0 }));
    writeFileSync(record, JSON.stringify(aged));
    const opened = await open('pages/about.json');
    expect((await post('save', { path: 'pages/about.json', value: opened.value, base: opened.hash })).status).toBe(200);
    expect(existsSync(join(content, 'public', stale.src))).toBe(false);
  });

  it('stores a photo without the place it was taken or the camera, upright, says so, and never stores what was sent', async () => {
    const sent = await photoWithLocation(640, 480, 6);
    const answer = await post('upload', sent, 'application/octet-stream', { 'X-File-Name': 'Office, from my phone.jpg' });
    expect(answer.status).toBe(201);
    const picture = (await answer.json()) as UploadedPicture;
    expect(picture).toMatchObject({ src: '/media/office-from-my-phone.jpg', width: 480, height: 640 });
    expect(picture.said).toMatch(/^Removed the place it was taken and the camera’s details; turned it upright; \d+ KB → \d+ KB\.$/);
    const stored = readFileSync(join(content, 'public', picture.src));
    expect(await hiddenDetails(stored)).toEqual([]);
    expect(picture.bytes).toBe(stored.length);
    const media = join(content, 'public/media');
    for (const file of readdirSync(media)) expect(readFileSync(join(media, file)).equals(sent), file).toBe(false);
  });

  it('refuses a file that is no picture, is damaged or is too large, in words, and stores nothing', async () => {
    const before = readdirSync(join(content, 'public/media'));
    const sent = await photoWithLocation(64, 48);
    for (const [bytes, said] of [
      [Buffer.from('GIF89a, or so it says'), /not a picture that can be shown/],
      [sent.subarray(0, sent.length - 200), /damaged/],
    ] as const) {
      const answer = await post('upload', bytes, 'application/octet-stream', { 'X-File-Name': 'broken.gif' });
      expect(answer.status).toBe(415);
      expect(((await answer.json()) as { error: string }).error).toMatch(said);
    }
    expect(readdirSync(join(content, 'public/media'))).toEqual(before);
  });

  it('refuses a list that is no list of addresses, in words', async () => {
    const answer = await post('forget-uploads', { srcs: '/media/x.png' });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toBe(
      "The editor's page sent a request its server cannot read (no list of the pictures to forget): reload the page and try again.",
    );
  });
});
