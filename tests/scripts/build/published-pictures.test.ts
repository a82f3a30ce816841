/**
 * No picture reaches visitors with the camera's details or the place it was taken: a copy of the
 * project with a phone's photo (GPS position and all) put in public/ by hand, built whole, has
 * no raster file in its output that carries EXIF, XMP, IPTC or comments; and a picture that
 * cannot be published stops the build, named.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hiddenDetails, photoWithLocation } from '../../helpers/photos';
import { root, scratchFolder } from '../../helpers/project';

const scratch = scratchFolder('published-pictures');
const project = join(scratch, 'project');

/** `node scripts/build.mjs --out <out>` in the copy, with a build cache of its own. */
const build = (out: string) =>
  spawnSync(process.execPath, [join(project, 'scripts/build.mjs'), '--out', out], {
    cwd: project,
    env: { ...process.env, BUILD_CACHE_DIR: join(scratch, 'cache') },
    encoding: 'utf8',
    timeout: 600_000,
  });

const RASTER = /\.(png|jpe?g|webp|gif|avif)$/i;

describe('the pictures of a built site', () => {
  beforeAll(async () => {
    rmSync(project, { recursive: true, force: true });
    for (const entry of [
      'scripts',
      'src',
      'schemas',
      'pages',
      'public',
      'migrations',
      'package.json',
      'tsconfig.json',
      'tsconfig.node.json',
      'vite.config.ts',
    ])
      cpSync(join(root, entry), join(project, entry), { recursive: true });
    // The project's packages, through a link: the build's bundle of this copy is its own (scripts/build.mjs).
    symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'));
    mkdirSync(join(project, 'public/media'), { recursive: true });
    writeFileSync(join(project, 'public/media/office.jpg'), await photoWithLocation(800, 600, 6));
  });

  it('carry no camera details or place in any raster file, a phone’s photo put in public/ by hand included', async () => {
    const out = join(scratch, 'out');
    const run = build(out);
    expect(run.status, run.stderr).toBe(0);
    const pictures = (readdirSync(out, { recursive: true, encoding: 'utf8' }) as string[]).filter((file) => RASTER.test(file));
    expect(pictures).toContain('media/office.jpg');
    for (const file of pictures) expect(await hiddenDetails(readFileSync(join(out, file))), file).toEqual([]);
    // Upright, as the phone was held.
    const { width, height } = await sharp(readFileSync(join(out, 'media/office.jpg'))).metadata();
    expect([width, height]).toEqual([600, 800]);
  });

  it('stop the build at a picture that cannot be published, naming it, before anything is written', () => {
    writeFileSync(join(project, 'public/media/broken.png'), readFileSync(join(project, 'public/media/office.jpg')).subarray(0, 300));
    const out = join(scratch, 'out-refused');
    const run = build(out);
    expect(run.status).toBe(1);
    // Stopped before the output folder was touched.
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    expect(run.stderr).toContain(
      'public/media/broken.png: That file is not a picture that can be shown, or it is damaged: use a PNG, JPEG, WebP, GIF or AVIF picture.\nNothing was built. Replace or remove that picture and build again.',
    );
  });
});
