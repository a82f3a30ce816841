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
});
