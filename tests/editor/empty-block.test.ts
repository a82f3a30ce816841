import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvePage } from '../../scripts/content/resolve-page';
import { parseJsonWithPositions } from '../../scripts/content/problems/parse-json-with-positions';
import { loadSchemaSet } from '../../scripts/content/schema/schema-set';
import { createValidator } from '../../scripts/content/checks/create-validator';
import { editorModel } from '../../scripts/editor/editor-model';
import { Workspace } from '../../scripts/editor/workspace';
import type { JsonSchema } from '../../src/content/api-types';
import { emptyBlock } from '../../src/editor/file/empty-block';
import type { Page, Site } from '../../src/generated/schema-types';
import { renderRoute } from '../../src/render/entry-render';
import { loadedSite } from '../helpers/site';
import { root } from '../helpers/project';

/** A block type with a schema of its own, as the editor model gives it. */
const typeOf = (schema: JsonSchema) => ({ type: 'sample', schema: { type: 'object', ...schema } });

describe('emptyBlock', () => {
  it('starts required words empty and leaves optional fields out', () => {
    const block = emptyBlock(
      typeOf({
        required: ['type', 'heading'],
        properties: {
          type: { const: 'sample', examples: ['sample'] },
          heading: { type: 'string', examples: ['Procurement questions'] },
          intro: { type: 'string', examples: ['What buyers ask us most.'] },
        },
      }),
    );
    expect(block).toEqual({ type: 'sample', heading: '' });
  });

  it('starts a required list with as many empty items as it must have, each with its required fields empty', () => {
    const block = emptyBlock(
      typeOf({
        required: ['items'],
        properties: {
          items: {
            type: 'array',
            minItems: 2,
            items: {
              type: 'object',
              required: ['question', 'answer'],
              properties: { question: { type: 'string' }, answer: { type: 'string' }, note: { type: 'string' } },
            },
          },
          optional: { type: 'array', minItems: 1, items: { type: 'string' } },
        },
      }),
    );
    expect(block).toEqual({
      type: 'sample',
      items: [
        { question: '', answer: '' },
        { question: '', answer: '' },
      ],
    });
    // Items are copies, not one object twice: editing one leaves the other.
    const items = block.items as Record<string, string>[];
    expect(items[0]).not.toBe(items[1]);
  });

  it('leaves a required choice to the person unless the schema gives its default', () => {
    const block = emptyBlock(
      typeOf({
        required: ['variant', 'columns', 'paused', 'size', 'tags', 'level'],
        properties: {
          variant: { type: 'string', enum: ['solid', 'outline'] },
          columns: { type: 'integer', default: 3 },
          paused: { type: 'boolean' },
          size: { type: 'integer' },
          // A list of choices cannot start with an empty choice: it starts with none.
          tags: { type: 'array', minItems: 2, items: { type: 'string', enum: ['React', 'Vue'] } },
          level: { type: 'integer', enum: [1, 2], default: 2 },
        },
      }),
    );
    expect(block).toEqual({ type: 'sample', columns: 3, tags: [], level: 2 });
  });

  it('follows a reference to a shared definition, with the field’s own keywords beside it', () => {
    const block = emptyBlock(
      typeOf({
        required: ['action', 'image'],
        properties: {
          action: { $ref: '#/definitions/defs-action', title: 'Button' },
          image: { $ref: '#/definitions/defs-image', default: { src: '/images/logo.svg', alt: 'Nuvora' } },
        },
        definitions: {
          'defs-action': { type: 'object', required: ['label'], properties: { label: { $ref: '#/definitions/defs-label' } } },
          'defs-label': { type: 'string', examples: ['Ask us'] },
          'defs-image': { type: 'object', required: ['src'], properties: { src: { type: 'string' } } },
        },
      }),
    );
    expect(block).toEqual({ type: 'sample', action: { label: '' }, image: { src: '/images/logo.svg', alt: 'Nuvora' } });
  });
});

describe('a new block of every type in the editor', () => {
  const model = editorModel(new Workspace(root));
  const set = loadSchemaSet(join(root, 'schemas'));
  const { checkValue } = createValidator(set);
  const { site, entries } = loadedSite();

  /** Every string a schema gives as an example, at any depth. */
  const examples = (node: unknown, inExample = false): string[] => {
    if (typeof node === 'string') return inExample ? [node] : [];
    if (Array.isArray(node)) return node.flatMap((item) => examples(item, inExample));
    if (node === null || typeof node !== 'object') return [];
    return Object.entries(node).flatMap(([key, value]) => examples(value, inExample || key === 'examples'));
  };

  it('holds no word of its schema’s examples', () => {
    for (const type of model.blocks) {
      const samples = new Set(examples(type.schema).filter((sample) => sample !== type.type));
      const written = JSON.stringify(emptyBlock(type), (_key, value) => (samples.has(value) ? `SAMPLE: ${value}` : value));
      expect(written, type.type).not.toContain('SAMPLE: ');
    }
  });

  it('cannot be saved until the person writes it: the page has problems', () => {
    const faq = model.blocks.find((type) => type.type === 'faq');
    const draft = { title: 'Questions', description: 'What buyers ask.', blocks: [emptyBlock(faq as (typeof model.blocks)[number])] };
    const { problems } = checkValue('page.schema.json', 'pages/questions.json', parseJsonWithPositions(JSON.stringify(draft)), draft);
    const atBlock = problems.map((problem) => problem.path).filter((path) => path.startsWith('blocks[0]'));
    expect(atBlock).toEqual(['blocks[0].items[0].question', 'blocks[0].items[0].answer']);
  });

  it('has a problem at every field it starts empty, in every block type: empty words are never saved', () => {
    const emptyPaths = (value: unknown, path: string): string[] =>
      value === ''
        ? [path]
        : Array.isArray(value)
          ? value.flatMap((item, index) => emptyPaths(item, `${path}[${index}]`))
          : value && typeof value === 'object'
            ? Object.entries(value).flatMap(([key, item]) => emptyPaths(item, `${path}.${key}`))
            : [];
    for (const type of model.blocks) {
      const block = emptyBlock(type);
      const draft = { title: 'Questions', description: 'What buyers ask, answered.', blocks: [block] };
      const { problems } = checkValue('page.schema.json', 'pages/questions.json', parseJsonWithPositions(JSON.stringify(draft)), draft);
      const at = new Set(problems.map((problem) => problem.path));
      // A picture's empty text alternative is a choice the schema allows (a purely decorative picture); the
      // picture itself is still to be chosen, and choosing it asks for its text alternative.
      for (const path of emptyPaths(block, 'blocks[0]').filter((path) => !path.endsWith('.alt')))
        expect(at.has(path), `${type.type}: ${path}`).toBe(true);
    }
  });

  it('renders in the preview as the editor renders a draft, without a block failing', async () => {
    // The preview's own steps (scripts/editor/editor-preview.ts): check the draft for its defaults, resolve its references, render.
    const draft = { title: 'New blocks', description: 'Every block as it starts.', blocks: model.blocks.map(emptyBlock) };
    const doc = checkValue('page.schema.json', 'pages/new.json', parseJsonWithPositions(JSON.stringify(draft)), structuredClone(draft));
    const page = resolvePage(doc.value, doc.refs, entries, set) as Page;
    const rendered = await renderRoute(site as Site, '/new', page, { preview: true });
    expect(rendered.errors).toEqual([]);
    expect(rendered.body.match(/data-editor-block=/g)).toHaveLength(model.blocks.length);
  });
});
