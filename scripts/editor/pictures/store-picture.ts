/**
 * An uploaded picture, stored in public/media/ under a safe name of its own (the pictures the
 * editor offers are pictures-in.ts; the uploads no saved file uses are cleaned up, sweep-uploads.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { imageSize } from 'image-size';
import type { Picture } from '../../../src/content/api-types';
import { realFileIn } from '../../content/real-path-inside';
import { refusal } from '../../site-server/refusal';

/** Where uploaded pictures go, inside public/. */
export const MEDIA_DIR = 'media';
/** The largest picture the editor accepts. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const PICTURE_TYPES = new Set(['png', 'jpg', 'webp', 'gif', 'avif']);

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
  return { src: `/${MEDIA_DIR}/${file}`, width: size.width, height: size.height };
}
