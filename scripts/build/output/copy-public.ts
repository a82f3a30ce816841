import { hash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { filesInside, realPathInside } from '../../content/real-path-inside';
import { type CleanPicture, cleanPicture, PICTURES_VERSION, PictureRefused, RASTER_PICTURE } from '../../pictures/clean-picture';

/** A picture of public/ that cannot be published, with why: the build stops on it. */
export class PublicPictureRefused extends Error {}

/**
 * `bytes` as cleanPicture makes them, kept in `cacheDir` by their hash and the cleaning's
 * version, so that an unchanged picture is never decoded or encoded again.
 */
async function cleaned(file: string, bytes: Buffer, cacheDir: string): Promise<Buffer> {
  const kept = join(cacheDir, 'pictures', `${hash('sha256', bytes)}-${PICTURES_VERSION}`);
  if (existsSync(kept)) return readFileSync(kept);
  let picture: CleanPicture;
  try {
    picture = await cleanPicture(bytes);
  } catch (error) {
    if (error instanceof PictureRefused) throw new PublicPictureRefused(`public/${file}: ${error.message}`);
    throw error;
  }
  mkdirSync(dirname(kept), { recursive: true });
  writeFileSync(`${kept}.${process.pid}.tmp`, picture.bytes);
  renameSync(`${kept}.${process.pid}.tmp`, kept);
  return picture.bytes;
}

/** Cleans every raster picture of `publicDir` into the cache, as copyPublic will publish it; throws PublicPictureRefused at the first that cannot be. */
export async function cleanPublicPictures(publicDir: string, cacheDir: string): Promise<void> {
  for (const file of filesInside(publicDir).files.filter((name) => RASTER_PICTURE.test(name))) {
    const found = realPathInside(publicDir, file);
    if (found.ok) await cleaned(file, readFileSync(found.path), cacheDir);
  }
}

/**
 * Copies every file of `publicDir` into `outDir`, as the built site's static files, and returns
 * the paths copied. A link is followed only when it stays inside `publicDir` (filesInside): one
 * that leads out of it, nowhere or round a loop is left behind, and so is a socket or a pipe.
 *
 * Why not Vite's own copy (vite.config.ts turns it off): it follows every link, so
 * "public/leak.txt -> /etc/hostname" or "public/up -> .." would put what they lead to in dist/,
 * served to every visitor; a link to nothing stops the build and a loop never ends. npm run
 * validate refuses such links already; this copy never relies on that having run.
 *
 * A file the build wrote already keeps its place, as with Vite's copy (which runs before the bundle is written).
 *
 * A raster picture (PNG, JPEG, WebP, GIF, AVIF) is published as cleanPicture makes it: decoded
 * whole, upright, without the camera's details or the place it was taken, whoever put it there
 * (the editor cleans its uploads already; a picture added by hand or by git is not). One that
 * cannot be published throws PublicPictureRefused, naming it.
 */
export async function copyPublic(publicDir: string, outDir: string, cacheDir: string): Promise<string[]> {
  const copied: string[] = [];
  for (const file of filesInside(publicDir).files) {
    const found = realPathInside(publicDir, file);
    const destination = join(outDir, file);
    if (!found.ok || existsSync(destination)) continue;
    mkdirSync(dirname(destination), { recursive: true });
    if (RASTER_PICTURE.test(file)) writeFileSync(destination, await cleaned(file, readFileSync(found.path), cacheDir));
    else copyFileSync(found.path, destination);
    copied.push(file);
  }
  return copied;
}
