import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site';
import { rewriteJson } from '../../scripts/content/fixing/migrate-tree';
import { editorModel } from '../../scripts/editor/editor-model';
import { Workspace } from '../../scripts/editor/workspace';
import { CHOICE, fieldWords } from '../../src/content/titles';
import { errorSchemaOf, locateProblem } from '../../src/editor/form/locate-problem';
import { root } from '../helpers/project';

const model = editorModel(new Workspace(root));
const types = new Map(model.blocks.map((type) => [type.type, type]));
const about = JSON.parse(readFileSync(join(root, 'pages/about.json'), 'utf8')) as Record<string, unknown> & {
  blocks: Record<string, unknown>[];
};

/** The validator's own problems of pages/about.json changed by `change`, with the changed value. */
function problemsOf(change: (page: typeof about) => void) {
  const value = structuredClone(about);
  change(value);
  const file = join(root, 'pages/about.json');
  const overlay = new Map([[file, rewriteJson(readFileSync(file, 'utf8'), value)]]);
  const problems = loadSite(root, join(root, 'pages'), { overlay }).problems.filter((found) => found.file === 'pages/about.json');
  return { value, problems, forms: { value, types, fileSchema: model.forms.page } };
}

describe('a problem at its field', () => {
  it('puts a missing field at the field itself, named by the schema’s titles and counted from 1', () => {
    const { problems, forms } = problemsOf((page) => {
      delete (page.blocks[0] as { cards: Record<string, unknown>[] }).cards[1]?.title;
    });
    expect(problems.map((found) => [found.code, found.path])).toEqual([['missing', 'blocks[0].cards[1]']]);
    const [problem] = problems;
    if (!problem) throw new Error('no problem');
    expect(locateProblem(problem, forms)).toEqual({
      prefix: ['blocks', 0],
      field: ['cards', 1, 'title'],
      words: 'Card 2 › Title',
      where: 'Block 1, Card grid: Card 2 › Title',
      message: '"Title" is required.',
    });
    // npm run validate keeps its own words.
    expect(problem.message).toContain('Add "title"');
  });

  it('shows a problem in the block’s form under the field it is about', () => {
    const { value, problems } = problemsOf((page) => {
      delete (page.blocks[0] as { cards: Record<string, unknown>[] }).cards[1]?.title;
    });
    const block = types.get('cardGrid')?.schema ?? {};
    expect(errorSchemaOf(problems, ['blocks', 0], block, value.blocks[0])).toEqual({
      cards: { 1: { title: { __errors: ['"Title" is required.'] } } },
    });
    expect(errorSchemaOf(problems, ['blocks', 1], block, value.blocks[1])).toEqual({});
  });

  it('gives a button that neither leads anywhere nor opens a form to its choice, in words', () => {
    const { problems, forms } = problemsOf((page) => {
      delete (page.blocks[3] as { action: Record<string, unknown> }).action.opens;
    });
    const [problem] = problems;
    if (!problem) throw new Error('no problem');
    expect(problem.code).toBe('custom');
    const located = locateProblem(problem, forms);
    expect(located.field).toEqual(['action', CHOICE]);
    expect(located.where).toBe('Block 4, Call to action: Button');
    expect(located.message).toBe('Choose what the button does: "Goes to a page" or "Opens a form", then fill in its field.');
  });

  it('places a problem of the page’s own fields by its title, in the validator’s words', () => {
    const { problems, forms } = problemsOf((page) => {
      page.description = 'Too short.';
    });
    const [problem] = problems;
    if (!problem) throw new Error('no problem');
    expect(locateProblem(problem, forms)).toMatchObject({
      prefix: [],
      field: ['description'],
      where: 'Description',
      message: problem.message,
    });
  });

  it('names a field inside a group without repeating the group’s title: Button › Link', () => {
    const cta = types.get('callToAction')?.schema ?? {};
    expect(fieldWords(cta, ['action', 'href'])).toBe('Button › Link');
    expect(fieldWords(cta, ['action', 'label'])).toBe('Button › Text');
    expect(fieldWords(types.get('cardGrid')?.schema ?? {}, ['cards', 0, 'items', 1])).toBe('Card 1 › List item 2');
  });

  it('says a problem in the editor’s words where the validator’s speak to a developer: no blocks, not “add one to "blocks" (docs/blocks.md lists them)”', () => {
    const { problems, forms } = problemsOf((page) => {
      page.blocks = [];
    });
    const empty = problems.find((found) => found.code === 'emptyPage');
    if (!empty) throw new Error('no problem for a page without blocks');
    expect(empty.message).toContain('docs/blocks.md');
    expect(locateProblem(empty, forms).message).toBe(
      'The page has no blocks, so it would show its title and nothing else. Add at least one block.',
    );
  });
});
