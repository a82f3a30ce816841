import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixContent } from '../../../../scripts/content/fixing/fix-content';
import { TSX, root } from '../../../helpers/project';

const REF = '../schemas/page.schema.json';
const page = (body: string, schema = REF) => `{\n  "$schema": "${schema}",\n${body}\n}\n`;

describe('npm run fix', () => {
  it('removes a byte-order mark, straightens quotes used as JSON quotes, and keeps curly quotes inside texts', () => {
    const result = fixContent(`\uFEFF${page('  “title”: “The “best” team”')}`, REF);
    expect(result.changes).toEqual(['removed the byte-order mark', 'replaced 4 typographic quotes with "']);
    expect(JSON.parse(result.text ?? '')).toEqual({ $schema: REF, title: 'The “best” team' });
  });

  it('removes trailing commas but never a comma inside a text', () => {
    const result = fixContent(page('  "title": "Commas, ]",\n  "blocks": [1, 2,],'), REF);
    expect(result.changes).toEqual(['removed 2 trailing commas', "formatted in the repository's style"]);
    expect(JSON.parse(result.text ?? '')).toEqual({ $schema: REF, title: 'Commas, ]', blocks: [1, 2] });
  });

  it('sets $schema for the file depth and formats as the repository does, keeping every value as written', () => {
    const result = fixContent(`{ "$schema": "../../schemas/page.schema.json", "value": 99999999999999999999, "text": "caf\\u00e9" }`, REF);
    expect(result.changes).toEqual(["formatted in the repository's style", `"$schema" "../../schemas/page.schema.json" → "${REF}"`]);
    expect(result.text).toBe(`{\n  "$schema": "${REF}",\n  "value": 99999999999999999999,\n  "text": "caf\\u00e9"\n}\n`);
  });

  it('leaves alone a file that is not JSON after the repairs, and one that needs nothing', () => {
    expect(fixContent(page('  "title": Missing quote"'), REF)).toEqual({ changes: [], leftAlone: expect.stringContaining('not JSON') });
    expect(fixContent(page('  "title": "Fine"'), REF)).toEqual({ changes: [] });
  });

  it('finds nothing to repair in the real site', () => {
    const output = execFileSync(process.execPath, [...TSX, join(root, 'scripts/fix.ts'), '--dry-run'], { cwd: root, encoding: 'utf8' });
    expect(output.trim()).toBe('Nothing to repair.');
  });

  mkdirSync(join(root, 'tests/.tmp'), { recursive: true });
  const scratch = mkdtempSync(join(root, 'tests/.tmp/fix-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('says what it changed in each file of a folder, and writes it', () => {
    cpSync(join(root, 'tests/fixtures/mistakes'), scratch, { recursive: true });
    writeFileSync(join(scratch, 'trailing.json'), page('  "title": "Trailing",', '../schemas/page.schema.json'));
    const folder = scratch.slice(root.length + 1);
    const output = execFileSync(process.execPath, [...TSX, join(root, 'scripts/fix.ts'), folder], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(output).toContain(`${folder}/byte-order-mark.json: removed the byte-order mark`);
    expect(output).toContain(
      `${folder}/missing-opening-quote.json: left as it is: it is not JSON even after the mechanical repairs; npm run validate says where.`,
    );
    expect(output).toContain(
      `${folder}/trailing.json: removed 1 trailing comma; "$schema" "../schemas/page.schema.json" → "../../../schemas/page.schema.json"`,
    );
    expect(readFileSync(join(scratch, 'trailing.json'), 'utf8')).toBe(page('  "title": "Trailing"', '../../../schemas/page.schema.json'));
  });
});
