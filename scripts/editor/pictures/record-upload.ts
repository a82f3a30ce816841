import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Picture } from '../../../src/content/api-types';
import { MEDIA_DIR } from './store-picture';

/**
 * The record of the pictures the editor uploaded and no saved file has used yet, so that only
 * those are ever removed. It lives in data/ (git ignores it, nothing serves it), not in public/
 * (everything there is published) nor in node_modules/ (the README's `npm ci && npm run edit`
 * empties it at every start, and the record with it).
 */
const UPLOADS_RECORD = 'data/editor-uploads.json';
/** A name storePicture gives: nothing in the record can point anywhere else. */
const UPLOAD_NAME = /^[a-z0-9-]+\.(png|jpg|webp|gif|avif)$/;

export interface Upload {
  /** Its name in public/media/. */
  name: string;
  /** Its bytes' SHA-256 when stored: a file changed since is someone's own, and kept. */
  sha256: string;
  /** When it was stored, in milliseconds since 1970. */
  at: number;
}

/** Where an editor's content is: the project root, its pages/ and public/. */
export interface UploadPlaces {
  root: string;
  pagesDir: string;
  publicDir: string;
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export function readRecord(root: string): Upload[] {
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

export function writeRecord(root: string, uploads: Upload[]): void {
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
