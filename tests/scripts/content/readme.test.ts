import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaRefOf } from '../../../scripts/content/content-file';
import { loadSchemaSet } from '../../../scripts/content/schema/schema-set';
import { createValidator } from '../../../scripts/content/checks/create-validator';
import { root } from '../../helpers/project';

const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('the README', () => {
  it('shows an example page that is valid at the path it names', () => {
    const example = /This is `(pages\/[^`]+)`:\n\n```json\n([\s\S]*?)```/.exec(readme);
    expect(example).not.toBeNull();
    const [, path = '', text = ''] = example ?? [];
    expect(JSON.parse(text).$schema).toBe(schemaRefOf(root, join(root, path), 'page.schema.json'));
    const { check } = createValidator(loadSchemaSet(join(root, 'schemas')));
    expect(check('page.schema.json', path, text).problems).toEqual([]);
  });
});
