/** Uploads no saved file uses, removed: those unused for too long, and those of a discarded draft. */
import { readFileSync, rmSync } from 'node:fs';
import { listJsonFiles } from '../../content/load-site';
import { realFileIn } from '../../content/real-path-inside';
import { readRecord, sha256, type Upload, type UploadPlaces, writeRecord } from './record-upload';
import { MEDIA_DIR } from './store-picture';

/**
 * How long an unused upload is kept for a draft that may still use it: drafts live in the
 * browsers' storage, which the server cannot see (another tab's included). A draft saved later
 * than that, naming a picture removed meanwhile, is refused by the check that pictures exist.
 */
export const UNUSED_UPLOAD_MS = 7 * 24 * 60 * 60 * 1000;

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
