import { lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { filesInside } from '../../../scripts/content/real-path-inside';
import { copyPublic } from '../../../scripts/build/output/copy-public';
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
  it('copies the files of public/, and through a link only what stays inside it', () => {
    const outDir = join(scratch, 'dist');
    expect(copyPublic(publicDir, outDir)).toEqual(['alias.svg', 'favicon.svg', 'images/logo.svg', 'pictures/logo.svg']);
    expect(filesInside(outDir)).toEqual({ files: ['alias.svg', 'favicon.svg', 'images/logo.svg', 'pictures/logo.svg'], refused: [] });
    // Copies, not links: the built site holds the files themselves.
    expect(lstatSync(join(outDir, 'alias.svg')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(outDir, 'alias.svg'), 'utf8')).toBe('<svg id="logo"/>');
  });

  it('leaves a file the build wrote in its place', () => {
    const outDir = join(scratch, 'built');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'favicon.svg'), 'built');
    expect(copyPublic(publicDir, outDir)).not.toContain('favicon.svg');
    expect(readFileSync(join(outDir, 'favicon.svg'), 'utf8')).toBe('built');
  });

  it("is the only copy: the Vite config turns off Vite's own copy, which follows every link", async () => {
    const config = await resolveConfig({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'silent' }, 'build');
    expect(config.build.copyPublicDir).toBe(false);
  });
});
