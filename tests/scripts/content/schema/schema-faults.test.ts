import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../../scripts/content/load-site';
import { TSX, root } from '../../../helpers/project';

// Inside the project, so the copied scripts resolve their packages from node_modules.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const scratch = mkdtempSync(join(root, 'node_modules/.cache/schema-faults-'));

/** A copy of the project whose schemas/ is broken by `spoil`. */
function project(name: string, spoil: (dir: string) => void): string {
  const dir = join(scratch, name);
  for (const entry of ['schemas', 'pages', 'scripts', 'src', 'public', 'package.json'])
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  spoil(dir);
  return dir;
}

const run = (dir: string, script: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [...TSX, join(dir, 'scripts', script)], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    // Only a guard against a command that hangs: on a loaded machine a build takes minutes.
    timeout: 600_000,
  });

let missing = '';
let broken = '';
let noPage = '';
beforeAll(() => {
  missing = project('missing', (dir) => rmSync(join(dir, 'schemas/blocks/faq.schema.json')));
  noPage = project('no-page', (dir) => rmSync(join(dir, 'schemas/page.schema.json')));
  broken = project('broken', (dir) => writeFileSync(join(dir, 'schemas/defs.schema.json'), '{ "definitions": { "link": '));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a missing or broken schema file', () => {
  it('is one located problem naming the file and what needs it', () => {
    // At the "$ref" that names the missing file.
    const refLine =
      readFileSync(join(root, 'schemas/page.schema.json'), 'utf8')
        .split('\n')
        .findIndex((line) => line.includes('"blocks/faq.schema.json"')) + 1;
    expect(refLine).toBeGreaterThan(1);
    expect(loadSite(missing).problems).toEqual([
      {
        file: 'schemas/page.schema.json',
        line: refLine,
        column: expect.any(Number),
        path: '',
        code: 'missingSchema',
        message: expect.stringContaining('schemas/blocks/faq.schema.json does not exist, but schemas/page.schema.json needs it'),
        editorMessage: expect.stringContaining('part of the site’s page formats is missing'),
      },
    ]);
    // Where the text breaks off.
    expect(loadSite(broken).problems).toEqual([
      expect.objectContaining({ file: 'schemas/defs.schema.json', code: 'brokenSchema', line: 1, column: 28 }),
    ]);
    expect(loadSite(noPage).problems).toEqual([
      expect.objectContaining({
        file: 'schemas/page.schema.json',
        code: 'missingSchema',
        message: expect.stringContaining('but every content file needs it'),
      }),
    ]);
  });

  it('stops npm run validate, npm run build and npm start with that problem and no stack trace', () => {
    for (const script of ['validate.ts', 'build.ts', 'start.ts']) {
      const result = run(missing, script, { PORT: '0', STORE_PATH: join(missing, 'data/s.db') });
      const output = `${result.stdout}${result.stderr}`;
      expect(result.status, script).toBe(1);
      expect(output, script).toContain('schemas/blocks/faq.schema.json does not exist');
      expect(output, script).not.toMatch(/^\s+at /m);
    }
    // npm run gen names the definition whose schema is gone, in one line.
    const gen = run(missing, 'gen.ts');
    expect(gen.status).toBe(1);
    expect(gen.stderr.trim()).toBe('src/blocks/faq/definition.ts: no schema in schemas/blocks/ has "type": { "const": "faq" }.');
    const start = run(broken, 'start.ts', { PORT: '0' });
    expect(start.status).toBe(1);
    expect(start.stderr.trim().split('\n').at(-1)).toBe(
      'Nothing is served: the site has the problems listed above. Fix them (npm run validate lists them again) and run npm start.',
    );
  });
});
