import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../scripts/lib/generated-files';

const root = join(import.meta.dirname, '../..');

describe('gen', () => {
  it('has committed generated types and docs that match the schemas (run npm run gen if not)', async () => {
    for (const { path, content } of await generatedFiles(root)) {
      expect(readFileSync(join(root, path), 'utf8'), path).toBe(content);
    }
  });

  it('documents every block type in docs/blocks.md', async () => {
    const docs = (await generatedFiles(root)).find((file) => file.path === 'docs/blocks.md')?.content ?? '';
    for (const type of ['banner', 'cardGrid', 'ticker', 'counters', 'productCarousel', 'jobList', 'caseStudies'])
      expect(docs).toContain(`## ${type}`);
  });

  it("states each field's limits in docs/blocks.md, from the schemas", async () => {
    const docs = (await generatedFiles(root)).find((file) => file.path === 'docs/blocks.md')?.content ?? '';
    const row = (field: string, text = docs): string => text.split('\n').find((line) => line.startsWith(`| \`${field}\``)) ?? '';
    const page = docs.slice(docs.indexOf('## Page fields'));
    expect(row('title', page)).toContain('| 2–70 characters |');
    expect(row('description', page)).toContain('| 20–170 characters |');
    expect(row('items[].value')).toContain('| 0–999,999,999 |');
    expect(row('items[].suffix')).toContain('| at most 3 characters |');
    expect(row('duration')).toContain('| 0–30; default 7 |');
    expect(row('rows[].speed')).toContain('| 500–20,000 |');
  });

  it('describes each block type by its own title and description where editors complete "type"', async () => {
    const files = await generatedFiles(root);
    const faq = JSON.parse(files.find((file) => file.path === 'schemas/blocks/faq.schema.json')?.content ?? '{}');
    expect(faq.properties.type).toMatchObject({ title: faq.title, description: faq.description, const: 'faq' });
  });
});
