import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockForms, formSchema } from '../../scripts/content/schema/form-schema';
import { loadSchemaSet } from '../../scripts/content/schema/schema-set';
import { editorModel } from '../../scripts/editor/editor-model';
import { Workspace } from '../../scripts/editor/workspace';
import { titlesOf } from '../../src/content/titles';
import { root } from '../helpers/project';

const model = editorModel(new Workspace(root));
const set = loadSchemaSet(join(root, 'schemas'));
/** As the editor names things (its merges, History's comparisons): from the model it was given. */
const editorTitles = titlesOf(model.blocks, model.forms.page);
/** As the list of changes names things: from the schemas on disk. */
const changesTitles = titlesOf(blockForms(set), formSchema(set, 'page.schema.json'));

describe('titlesOf', () => {
  it("names blocks, fields, list items and places by the schemas' titles, counting from 1", () => {
    expect(editorTitles.block('cardGrid')).toBe('Card grid');
    expect(editorTitles.field('heading', 'cardGrid')).toBe('Heading');
    expect(editorTitles.field('heading')).toBe('Header heading');
    expect(editorTitles.item('cards', 'cardGrid')).toBe('Card');
    expect(editorTitles.path(['cards', 0, 'items', 1], 'cardGrid')).toBe('Card 1 › List item 2');
  });

  it("follows a list's items to the definition they name", () => {
    expect(editorTitles.item('actions', 'banner')).toBe('Button');
    expect(changesTitles.item('actions', 'banner')).toBe('Button');
  });

  it('falls back to the names written in the file where the schemas have no title', () => {
    expect(editorTitles.block('noSuchBlock')).toBe('noSuchBlock');
    expect(editorTitles.field('noSuchField', 'cardGrid')).toBe('noSuchField');
    // A field of a block type nobody knows is not looked for among the file's own fields.
    expect(editorTitles.field('heading', 'noSuchBlock')).toBe('heading');
    expect(editorTitles.item('heading', 'cardGrid')).toBeUndefined();
    expect(titlesOf([], undefined).field('title')).toBe('title');
  });

  it('gives the editor and the list of changes the same words for every block and field', () => {
    for (const block of model.blocks) {
      expect(changesTitles.block(block.type)).toBe(editorTitles.block(block.type));
      for (const field of Object.keys(block.schema.properties as object)) {
        expect(changesTitles.field(field, block.type)).toBe(editorTitles.field(field, block.type));
        expect(changesTitles.item(field, block.type)).toBe(editorTitles.item(field, block.type));
      }
    }
  });
});
