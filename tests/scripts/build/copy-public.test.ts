import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { filesInside } from '../../../scripts/content/real-path-inside';
import { copyPublic, PublicPictureRefused } from '../../../scripts/build/output/copy-public';
import { hiddenDetails, photoWithLocation } from '../../helpers/photos';
import { root } from '../../helpers/project';

// A public/ with a file, a folder and links of every kind; beside it, what must never be published.
const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'copy-public-')));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const publicDir = join(scratch, 'public');
mkdirSync(join(publicDir, 'images'), { recursive: true });
writeFileSync(join(publicDir, 'favicon.svg'), '<svg/>');
writeFileSync(join(publicDir, 'images/logo.svg'), '<svg id="logo"/>');
writeFileSync(join(scratch, 'secret.txt'), 'not for visitors');
symlinkSync('../secret.txt', join(publicDir, 'leak.txt'));
symlinkSync('/etc/hostname', join(publicDir, 'hostname.txt'));
symlinkSync('..', join(publicDir, 'up'));
symlinkSync('nowhere.pdf', join(publicDir, 'gone.pdf'));
symlinkSync('..', join(publicDir, 'images/loop'));
symlinkSync('images/logo.svg', join(publicDir, 'alias.svg'));
symlinkSync('images', join(publicDir, 'pictures'));

describe('copyPublic', () => {
  it('copies the files of public/, and through a link only what stays inside it', async () => {
    const outDir = join(scratch, 'dist');
    expect(await copyPublic(publicDir, outDir, join(scratch, 'cache'))).toEqual([
      'alias.svg',
      'favicon.svg',
      'images/logo.svg',
      'pictures/logo.svg',
    ]);
    expect(filesInside(outDir)).toEqual({ files: ['alias.svg', 'favicon.svg', 'images/logo.svg', 'pictures/logo.svg'], refused: [] });
    // Copies, not links: the built site holds the files themselves.
    expect(lstatSync(join(outDir, 'alias.svg')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(outDir, 'alias.svg'), 'utf8')).toBe('<svg id="logo"/>');
  });

  it('leaves a file the build wrote in its place', async () => {
    const outDir = join(scratch, 'built');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'favicon.svg'), 'built');
    expect(await copyPublic(publicDir, outDir, join(scratch, 'cache'))).not.toContain('favicon.svg');
    expect(readFileSync(join(outDir, 'favicon.svg'), 'utf8')).toBe('built');
  });

  it('publishes every picture without the camera’s details or the place it was taken, cleaning each once', async () => {
    const pictures = join(scratch, 'pictures');
    const cache = join(scratch, 'pictures-cache');
    mkdirSync(join(pictures, 'media'), { recursive: true });
    const photo = await photoWithLocation(320, 240, 6);
    writeFileSync(join(pictures, 'media/office.jpg'), photo);
    writeFileSync(join(pictures, 'media/notes.txt'), 'kept as it is');
    const first = join(scratch, 'pictures-out-1');
    expect(await copyPublic(pictures, first, cache)).toEqual(['media/notes.txt', 'media/office.jpg']);
    const published = readFileSync(join(first, 'media/office.jpg'));
    expect(await hiddenDetails(photo)).toEqual(['EXIF']);
    expect(await hiddenDetails(published)).toEqual([]);
    expect(readFileSync(join(first, 'media/notes.txt'), 'utf8')).toBe('kept as it is');
    // Kept by its content: the next build takes it from the cache, as it was.
    expect(readdirSync(join(cache, 'pictures'))).toHaveLength(1);
    writeFileSync(join(cache, 'pictures', readdirSync(join(cache, 'pictures'))[0] as string), Buffer.concat([published, Buffer.from('!')]));
    const second = join(scratch, 'pictures-out-2');
    await copyPublic(pictures, second, cache);
    expect(readFileSync(join(second, 'media/office.jpg')).equals(Buffer.concat([published, Buffer.from('!')]))).toBe(true);
    // One that cannot be published stops the copy, named.
    writeFileSync(join(pictures, 'media/broken.png'), photo.subarray(0, 100));
    const refused = await copyPublic(pictures, join(scratch, 'pictures-out-3'), cache).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PublicPictureRefused);
    expect((refused as Error).message).toMatch(/^public\/media\/broken\.png: That file is not a picture/);
  });

  it("is the only copy: the Vite config turns off Vite's own copy, which follows every link", async () => {
    const config = await resolveConfig({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'silent' }, 'build');
    expect(config.build.copyPublicDir).toBe(false);
  });
});
