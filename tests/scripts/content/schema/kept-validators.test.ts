/**
 * The schemas' validators kept as code between builds (scripts/content/schema/kept-validators.ts):
 * a site checked with them is the site checked by validators Ajv has just compiled, problems,
 * places, defaults, links and all; kept code is used only when it was made for these schemas
 * and this key and is whole.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LoadedSite, loadSite } from '../../../../scripts/content/load-site';
import { keptValidators } from '../../../../scripts/content/schema/kept-validators';
import { loadSchemaSet } from '../../../../scripts/content/schema/schema-set';
import { root, scratchFolder } from '../../../helpers/project';

const scratch = scratchFolder('kept-validators');
const path = join(scratch, 'validators.cjs');
const set = loadSchemaSet(join(root, 'schemas'));

/** What a load reports and loads, comparable between loads: pages with their defaults, links, references and every problem. */
const said = ({ site, pages, problems, warnings }: LoadedSite) =>
  JSON.parse(JSON.stringify({ site, pages, problems, warnings })) as unknown;

/** The site's own pages, the fixtures of every kind of mistake, and pages the schemas refuse. */
const FOLDERS = ['pages', 'tests/fixtures/mistakes', 'tests/fixtures/invalid-pages'];

describe('validators kept as code', () => {
  it('check every folder as freshly compiled validators do, the first time (compiling) and the next (from the kept code)', () => {
    rmSync(path, { force: true });
    for (const folder of FOLDERS) {
      const compiled = said(loadSite(root, join(root, folder)));
      const first = said(loadSite(root, join(root, folder), { keptValidators: { path, key: `${folder} 1` } }));
      const fromKept = said(loadSite(root, join(root, folder), { keptValidators: { path, key: `${folder} 1` } }));
      expect(first, folder).toEqual(compiled);
      expect(fromKept, folder).toEqual(compiled);
    }
    // What the comparison compared: the problems the keywords' collections lead to (a link to an
    // anchor that is not there, a file that is missing, an entry that is not there), found with the kept code.
    const kept = { keptValidators: { path, key: 'tests/fixtures/mistakes 1' } };
    const codes = loadSite(root, join(root, 'tests/fixtures/mistakes'), kept).problems.map((problem) => problem.code);
    expect(codes).toEqual(expect.arrayContaining(['unknownAnchor', 'missingFile', 'unknownEntry', 'tooLong', 'missing']));
  });

  it('use the kept code only when it was made for the key and is whole, and otherwise compile and keep it again', () => {
    rmSync(path, { force: true });
    keptValidators(set, path, 'key A')('page.schema.json');
    const written = readFileSync(path, 'utf8');
    const [head = '', ...rest] = written.split('\n');
    const code = rest.join('\n');
    expect(head).toMatch(/^\/\/ \{"key":"key A","schemas":"[0-9a-f]{64}"\} [0-9a-f]{64}$/);
    expect(code).toContain('exports["page.schema.json"]');

    // Kept code whose head and sum match is what runs: here, code that accepts anything.
    const accepting = 'exports["page.schema.json"] = function validate() { validate.errors = null; return true; };';
    const headOf = (text: string) => `${head.slice(0, head.lastIndexOf(' '))} ${createHash('sha256').update(text).digest('hex')}`;
    writeFileSync(path, `${headOf(accepting)}\n${accepting}`);
    expect(keptValidators(set, path, 'key A')('page.schema.json')({ not: 'a page' })).toBe(true);

    // The same code with a byte changed after its sum, or kept for another key, is compiled anew (and refuses the non-page).
    writeFileSync(path, `${headOf(accepting)}\n${accepting.replace('true', '!0')}`);
    expect(keptValidators(set, path, 'key A')('page.schema.json')({ not: 'a page' })).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe(written);
    writeFileSync(path, `${headOf(accepting)}\n${accepting}`);
    expect(keptValidators(set, path, 'key B')('page.schema.json')({ not: 'a page' })).toBe(false);
    expect(readFileSync(path, 'utf8').split('\n')[0]).toContain('"key":"key B"');

    // Code that throws when evaluated is not used either; a folder that cannot be written still checks.
    const throwing = 'throw new Error("broken")';
    writeFileSync(path, `${headOf(throwing).replace('key A', 'key B')}\n${throwing}`);
    expect(keptValidators(set, path, 'key B')('page.schema.json')({ not: 'a page' })).toBe(false);
    expect(keptValidators(set, join(path, 'inside-a-file', 'v.cjs'), 'key B')('page.schema.json')({ not: 'a page' })).toBe(false);
  });
});
