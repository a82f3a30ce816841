/**
 * The pictures the editor offers and takes: those under public/ (an image field asks for their
 * size), and an uploaded one stored in public/media/ under a safe name of its own. Uploads no
 * saved file uses are cleaned up (the record of the editor's own uploads, below).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { imageSize } from 'image-size';
import type { Picture } from '../../src/content/api-types';
import { listJsonFiles } from '../content/load-site';
import { realFileIn } from '../content/real-path-inside';
import { refusal } from '../site-server/api-reply';

/** Where uploaded pictures go, inside public/. */
const MEDIA_DIR = 'media';
/** The largest picture the editor accepts. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const PICTURE_TYPES = new Set(['png', 'jpg', 'webp', 'gif', 'avif']);
const PICTURE_EXTENSIONS = /\.(png|jpe?g|webp|gif|avif|svg)$/i;

const posix = (path: string): string => path.split(sep).join('/');

/** The pictures under public/, with their size (which image fields ask for). */
export function picturesIn(publicDir: string): Picture[] {
  if (!existsSync(publicDir)) return [];
  return (readdirSync(publicDir, { recursive: true }) as string[])
    .filter((name) => PICTURE_EXTENSIONS.test(name) && realFileIn(publicDir, posix(name)).ok)
    .sort()
    .flatMap((name) => {
      try {
        const size = imageSize(readFileSync(join(publicDir, name)));
        return size.width && size.height ? [{ src: `/${posix(name)}`, width: size.width, height: size.height }] : [];
      } catch {
        return [];
      }
    });
}

/**
 * Stores an uploaded picture in public/media/: its bytes must be a PNG, JPEG, WebP, GIF or
 * AVIF picture (SVG is refused: it can carry scripts), at most 5 MB. Its name is made safe,
 * and made unique rather than overwriting another file.
 */
export function storePicture(publicDir: string, name: string, bytes: Buffer): Picture {
  if (bytes.length === 0 || bytes.length > MAX_PICTURE_BYTES) throw refusal(413, 'A picture must be at most 5 MB.');
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw refusal(415, 'That file is not a picture: use PNG, JPEG, WebP, GIF or AVIF.');
  }
  if (!size.type || !PICTURE_TYPES.has(size.type) || !size.width || !size.height)
    throw refusal(415, 'That file is not a picture: use PNG, JPEG, WebP, GIF or AVIF.');
  const extension = size.type === 'jpg' ? 'jpg' : size.type;
  const stem =
    basename(name)
      .replace(/\.[^.]*$/, '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'picture';
  // The first free name, found without following a link (a link in the way is passed over, never written through).
  let file = `${stem}.${extension}`;
  for (let n = 2; ; n += 1) {
    const found = realFileIn(publicDir, `${MEDIA_DIR}/${file}`);
    if (!found.ok && found.at !== join(publicDir, MEDIA_DIR, file))
      throw refusal(400, `public/${MEDIA_DIR} is not a folder of its own (it is a link or a file): make it a folder to upload pictures.`);
    if (found.ok && !found.exists) break;
    file = `${stem}-${n}.${extension}`;
  }
  mkdirSync(join(publicDir, MEDIA_DIR), { recursive: true });
  // "wx" creates the file or fails: it never writes through a link that appeared in the meantime.
  writeFileSync(join(publicDir, MEDIA_DIR, file), bytes, { flag: 'wx' });
  return { src: `/${MEDIA_DIR}/${file}`, width: size.width, height: size.height };
}

/**
 * The record of the pictures the editor uploaded and no saved file has used yet, so that only
 * those are ever removed. It lives in data/ (git ignores it, nothing serves it), not in public/
 * (everything there is published) nor in node_modules/ (the README's `npm ci && npm run edit`
 * empties it at every start, and the record with it).
 */
const UPLOADS_RECORD = 'data/editor-uploads.json';
/**
 * How long an unused upload is kept for a draft that may still use it: drafts live in the
 * browsers' storage, which the server cannot see (another tab's included). A draft saved later
 * than that, naming a picture removed meanwhile, is refused by the check that pictures exist.
 */
export const UNUSED_UPLOAD_MS = 7 * 24 * 60 * 60 * 1000;
/** A name storePicture gives: nothing in the record can point anywhere else. */
const UPLOAD_NAME = /^[a-z0-9-]+\.(png|jpg|webp|gif|avif)$/;

interface Upload {
  /** Its name in public/media/. */
  name: string;
  /** Its bytes' SHA-256 when stored: a file changed since is someone's own, and kept. */
  sha256: string;
  /** When it was stored, in milliseconds since 1970. */
  at: number;
}

/** Where an editor's content is: the project root, its pages/ and public/. */
interface UploadPlaces {
  root: string;
  pagesDir: string;
  publicDir: string;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

function readRecord(root: string): Upload[] {
  try {
    const list = JSON.parse(readFileSync(join(root, UPLOADS_RECORD), 'utf8')) as Partial<Upload>[] | null;
    return (Array.isArray(list) ? list : []).filter(
      (item): item is Upload => UPLOAD_NAME.test(String(item?.name)) && typeof item?.sha256 === 'string' && Number.isFinite(item.at),
    );
  } catch {
    // None yet, or unreadable: then no upload is known as the editor's, and none is removed.
    return [];
  }
}

function writeRecord(root: string, uploads: Upload[]): void {
  const file = join(root, UPLOADS_RECORD);
  mkdirSync(dirname(file), { recursive: true });
  // Written beside it and renamed, so a crash midway never leaves half a record.
  writeFileSync(`${file}.tmp`, `${JSON.stringify(uploads, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** Notes a picture storePicture has just written as the editor's own upload. */
export function recordUpload(places: UploadPlaces, picture: Picture, bytes: Buffer, now = Date.now()): void {
  const name = picture.src.slice(`/${MEDIA_DIR}/`.length);
  writeRecord(places.root, [...readRecord(places.root).filter((upload) => upload.name !== name), { name, sha256: sha256(bytes), at: now }]);
}

/**
 * Goes through the record: an upload a file in pages/ names (by its file name, however the
 * path around it is written) is the site's picture from then on and leaves the record for good;
 * one that is gone or was changed leaves it too; `remove` says which of the others to delete.
 * Answers the addresses deleted.
 */
function settle(places: UploadPlaces, remove: (upload: Upload) => boolean): string[] {
  const record = readRecord(places.root);
  if (record.length === 0) return [];
  const saved = listJsonFiles(places.pagesDir).map((file) => readFileSync(file, 'utf8'));
  const kept: Upload[] = [];
  const removed: string[] = [];
  for (const upload of record) {
    if (saved.some((text) => text.includes(upload.name))) continue;
    const found = realFileIn(places.publicDir, `${MEDIA_DIR}/${upload.name}`);
    if (!found.ok || !found.exists || sha256(readFileSync(found.absolute)) !== upload.sha256) continue;
    if (!remove(upload)) kept.push(upload);
    else {
      rmSync(found.absolute);
      removed.push(`/${MEDIA_DIR}/${upload.name}`);
    }
  }
  writeRecord(places.root, kept);
  return removed;
}

/** At the editor's start and after each save: removes the uploads no saved file has used for UNUSED_UPLOAD_MS. */
export const sweepUploads = (places: UploadPlaces, now = Date.now()): string[] =>
  settle(places, (upload) => now - upload.at > UNUSED_UPLOAD_MS);

/**
 * After a draft is discarded: removes the pictures it uploaded (`srcs`, as storePicture gave
 * them: "/media/team-photo.png") that no saved file uses. Anything else named is left alone.
 */
export function forgetUploads(places: UploadPlaces, srcs: string[]): string[] {
  const named = new Set(srcs);
  return settle(places, (upload) => named.has(`/${MEDIA_DIR}/${upload.name}`));
}
