/**
 * An uploaded picture, stored in public/media/ under a safe name of its own (the pictures the
 * editor offers are pictures-in.ts; the uploads no saved file uses are cleaned up, sweep-uploads.ts).
 * What is stored is the picture as cleanPicture made it (decoded whole, upright, without the
 * camera's details or the place it was taken): the file the person sent is never written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { UploadedPicture } from '../../../src/content/api-types';
import { fileSize } from '../../../src/content/file-size';
import { realFileIn } from '../../content/real-path-inside';
import { type CleanPicture, cleanPicture, PictureRefused } from '../../pictures/clean-picture';
import { refusal } from '../../site-server/refusal';

/** Where uploaded pictures go, inside public/. */
export const MEDIA_DIR = 'media';
/** The largest picture the editor accepts. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** What was done to a picture, as the editor says it once the picture is stored. */
function doneInWords({ removed, turned }: CleanPicture, before: number, after: number): string {
  return [
    ...(removed.length > 0 ? [`Removed ${removed.join(', ').replace(/, ([^,]*)$/, ' and $1')}`] : []),
    ...(turned ? ['turned it upright'] : []),
    before === after ? `kept as it was, ${fileSize(after)}` : `${fileSize(before)} → ${fileSize(after)}`,
  ]
    .join('; ')
    .replace(/^./, (first) => first.toUpperCase())
    .concat('.');
}

/**
 * Stores an uploaded picture in public/media/: its bytes must be a PNG, JPEG, WebP, GIF or
 * AVIF picture that decodes whole (SVG is refused: it can carry scripts), at most 5 MB and 40
 * million pixels, and it is stored as cleanPicture makes it. Its name is made safe, and made
 * unique rather than overwriting another file. Returns the picture and the bytes stored.
 */
export async function storePicture(publicDir: string, name: string, sent: Buffer): Promise<{ picture: UploadedPicture; stored: Buffer }> {
  if (sent.length === 0 || sent.length > MAX_PICTURE_BYTES) throw refusal(413, 'A picture must be at most 5 MB.');
  let picture: CleanPicture;
  try {
    picture = await cleanPicture(sent);
  } catch (error) {
    if (error instanceof PictureRefused) throw refusal(415, error.message);
    throw error;
  }
  const { bytes, extension, width, height } = picture;
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
      throw refusal(
        400,
        'Pictures cannot be uploaded: the place the site keeps them is not set up for it. Ask whoever looks after the site’s files.',
      );
    if (found.ok && !found.exists) break;
    file = `${stem}-${n}.${extension}`;
  }
  mkdirSync(join(publicDir, MEDIA_DIR), { recursive: true });
  // "wx" creates the file or fails: it never writes through a link that appeared in the meantime.
  writeFileSync(join(publicDir, MEDIA_DIR, file), bytes, { flag: 'wx' });
  return {
    picture: {
      src: `/${MEDIA_DIR}/${file}`,
      width,
      height,
      bytes: bytes.length,
      said: doneInWords(picture, sent.length, bytes.length),
    },
    stored: bytes,
  };
}
