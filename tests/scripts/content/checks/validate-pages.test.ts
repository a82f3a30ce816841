import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../../scripts/content/load-site';
import { blockSchemas, loadSchemaSet } from '../../../../scripts/content/schema/schema-set';
import { formatProblem } from '../../../../scripts/content/checks/create-validator';
import { root } from '../../../helpers/project';

// The list every unknown-type message carries: every block type in schemas/blocks/, sorted.
const KNOWN = [...blockSchemas(loadSchemaSet(join(root, 'schemas'))).keys()].sort().join(', ');
const { problems, pages } = loadSite(root, join(root, 'tests/fixtures/invalid-pages'));
const problemsIn = (name: string) => problems.filter((problem) => problem.file === `tests/fixtures/invalid-pages/${name}.json`);

describe('validate-pages', () => {
  it('reports each fixture fault exactly once and loads only the pages that match the schema', () => {
    expect(problems).toHaveLength(8);
    // A dead link is a problem of the site, not of the page's shape: that page still loads.
    expect(pages.map((page) => page.route).sort()).toEqual(['/', '/dead-internal-link']);
  });

  it('reports an unknown block type with the known types', () => {
    expect(problemsIn('unknown-block-type')).toEqual([
      {
        file: 'tests/fixtures/invalid-pages/unknown-block-type.json',
        line: 8,
        column: 15,
        path: 'blocks[1].type',
        code: 'unknownBlockType',
        message: `unknown block type "gallery". Known types: ${KNOWN}.`,
      },
    ]);
  });

  it('suggests the right spelling of a misspelled block type', () => {
    const [problem] = problemsIn('misspelled-block-type');
    expect(problem?.code).toBe('unknownBlockType');
    expect(problem && formatProblem(problem)).toBe(
      `tests/fixtures/invalid-pages/misspelled-block-type.json:9:15  blocks[2].type: unknown block type "cardgrid". Known types: ${KNOWN}. Did you mean "cardGrid"? [unknownBlockType]`,
    );
  });

  it('names a missing required field by its title and shows an example', () => {
    expect(problemsIn('missing-required-field')).toEqual([
      expect.objectContaining({
        line: 11,
        column: 9,
        path: 'blocks[0].cards[1]',
        code: 'missing',
        message: '"Content" is missing. Add "content" (docs/blocks.md shows an example).',
      }),
    ]);
  });

  it('says once that a number was written as text, and how to write it', () => {
    expect(problemsIn('wrong-type')).toEqual([
      expect.objectContaining({
        line: 9,
        column: 28,
        path: 'blocks[0].items[0].value',
        code: 'numberAsText',
        message: '"Value" must be a number without quotes: write 100, not "100".',
      }),
    ]);
  });

  it('points at an unknown property by its name and suggests the likely field', () => {
    expect(problemsIn('unknown-property')).toEqual([
      expect.objectContaining({
        line: 7,
        column: 45,
        path: 'blocks[0].txt',
        code: 'unknownField',
        message: '"txt" is not a field of "Banner". Did you mean "text"?',
      }),
    ]);
  });

  it('reports invalid JSON syntax with its line and column instead of a stack trace', () => {
    expect(problemsIn('invalid-json-syntax')).toEqual([
      expect.objectContaining({
        line: 6,
        column: 3,
        path: '',
        code: 'syntax',
        message: expect.stringContaining('this is not valid JSON: a comma was expected between two entries.'),
      }),
    ]);
  });

  it('reports an internal link that leads to no page', () => {
    expect(problemsIn('dead-internal-link')).toEqual([
      expect.objectContaining({
        line: 7,
        column: 82,
        path: 'blocks[0].actions[0].href',
        code: 'deadLink',
        message:
          '"Button link" leads to "/no-such-page", but no page has that address. Make a page with that address, or link to a page that exists.',
      }),
    ]);
  });

  it('rejects a javascript: link and says which links are allowed', () => {
    expect(problemsIn('javascript-link')).toEqual([
      expect.objectContaining({
        line: 7,
        column: 90,
        path: 'blocks[0].cards[0].href',
        code: 'custom',
        message:
          '"Card link" must be a path on this site like /about, or a web address starting with https://, mailto: or tel:; you wrote "javascript:alert(1)".',
      }),
    ]);
  });

  it('says when the site file is missing, naming where it belongs', () => {
    const { problems: missing } = loadSite(root, join(root, 'tests/fixtures/no-such-folder'));
    expect(missing).toEqual([
      {
        file: 'tests/fixtures/no-such-folder/_site.json',
        line: 1,
        column: 1,
        path: '',
        code: 'missingSiteFile',
        message: 'the site file is missing. Create tests/fixtures/no-such-folder/_site.json; see docs/blocks.md.',
        editorMessage: expect.stringMatching(/^the menus, footer and site settings are missing\. Ask whoever looks after the site's code/),
      },
    ]);
  });

  it('finds no problem in the real site', () => {
    const real = loadSite(root);
    expect(real.problems.map(formatProblem)).toEqual([]);
    expect(real.pages.length).toBeGreaterThanOrEqual(3);
  });
});
