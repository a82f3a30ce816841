import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryOf, resolvePage } from '../../../../scripts/content/resolve-page';
import { listJsonFiles } from '../../../../scripts/content/load-site';
import { loadedSite as loadProjectSite } from '../../../helpers/site';
import { pageProblems } from '../../../../scripts/content/checks/page-problems';
import { catalog } from '../../../../scripts/content/problems/catalog';
import { blockSchemas, loadSchemaSet } from '../../../../scripts/content/schema/schema-set';
import type { Problem } from '../../../../scripts/content/problems/problem-at';
import { createValidator } from '../../../../scripts/content/checks/create-validator';
import type { Block, Page, Site } from '../../../../src/generated/schema-types';
import { renderRoute } from '../../../../src/render/entry-render';
import { root } from '../../../helpers/project';

const set = loadSchemaSet(join(root, 'schemas'));
const { check } = createValidator(set);
const pages = listJsonFiles(join(root, 'pages'))
  .filter((path) => !path.endsWith('_site.json'))
  .map((path) => readFileSync(path, 'utf8'));
const { site: loadedSite, entries } = loadProjectSite();
const site = loadedSite as Site;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every place in a JSON value: the path to each object key and array entry. */
function places(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => [[...path, index], ...places(item, [...path, index])]);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [[...path, key], ...places(item, [...path, key])]);
  return [];
}

function setAt(value: Json, path: (string | number)[], replacement: Json | undefined): Json {
  const copy = structuredClone(value);
  const parent = path.slice(0, -1).reduce<Json>((node, key) => (node as Record<string, Json>)[key] as Json, copy) as Record<
    string | number,
    Json
  >;
  const last = path.at(-1) as string | number;
  if (replacement === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = replacement;
  return copy;
}

/** One mistake, picked at random, in one of the site's real page files. */
const mutatedFile = fc
  .record({
    text: fc.constantFrom(...pages),
    kind: fc.constantFrom('delete', 'swap', 'duplicate', 'truncate', 'flip', 'nest', 'huge'),
    pick: fc.nat(),
    at: fc.nat(),
    value: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
    character: fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }),
    depth: fc.integer({ min: 1, max: 5000 }),
  })
  .map(({ text, kind, pick, at, value, character, depth }) => {
    const json = JSON.parse(text) as Json;
    const all = places(json);
    const path = all[pick % all.length] ?? [];
    const offset = at % (text.length + 1);
    switch (kind) {
      case 'delete':
        return JSON.stringify(setAt(json, path, undefined), null, 2);
      case 'swap':
        return JSON.stringify(setAt(json, path, value), null, 2);
      case 'duplicate': {
        const lines = text.split('\n');
        const line = at % lines.length;
        return [...lines.slice(0, line + 1), lines[line], ...lines.slice(line + 1)].join('\n');
      }
      case 'truncate':
        return text.slice(0, offset);
      case 'flip':
        return text.slice(0, offset) + character + text.slice(offset + 1);
      case 'nest':
        return `${text.slice(0, offset)}${'['.repeat(depth)}${text.slice(offset)}`;
      default:
        return JSON.stringify(setAt(json, path, 'x'.repeat(100_000 + (at % 100_000))), null, 2);
    }
  });

const located = (problem: Problem): boolean =>
  problem.file === 'fuzz.json' &&
  Number.isInteger(problem.line) &&
  problem.line >= 1 &&
  Number.isInteger(problem.column) &&
  problem.column >= 1 &&
  typeof problem.path === 'string' &&
  problem.code in catalog &&
  problem.message.length > 0;

describe('the validator under fuzzing', () => {
  it('answers thousands of mutated content files with located problems, or none, and never throws', () => {
    fc.assert(
      fc.property(mutatedFile, (text) => {
        const doc = check('page.schema.json', 'fuzz.json', text);
        // As the loader does: the page's own checks run once every reference has its entry.
        const complete = doc.problems.length === 0 && doc.refs.every((ref) => entryOf(entries, ref));
        const problems = complete
          ? pageProblems(doc, resolvePage(doc.value, doc.refs, entries, set) as Page, () => undefined)
          : doc.problems;
        return problems.every(located);
      }),
      { numRuns: 3000 },
    );
  });

  it('prerenders every valid page made of the blocks examples, in any order', async () => {
    const examples = [...blockSchemas(set).values()]
      .flatMap(({ schema }) => schema.examples as Block[])
      .filter((block) => !('level' in block && block.level === 1));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...examples), { minLength: 1, maxLength: 6 }),
        fc.string({ minLength: 2, maxLength: 70 }).filter((title) => title.trim().length >= 2),
        async (blocks, title) => {
          const text = JSON.stringify({
            $schema: '../schemas/page.schema.json',
            schemaVersion: 1,
            title,
            description: 'A page made by the fuzz test from block examples.',
            blocks,
          });
          const doc = check('page.schema.json', 'fuzz.json', text);
          expect(doc.problems).toEqual([]);
          const page = resolvePage(doc.value, doc.refs, entries, set) as Page;
          if (pageProblems(doc, page, () => undefined).length > 0) return;
          const rendered = await renderRoute(site, '/fuzz', page);
          expect(rendered.errors).toEqual([]);
          expect(rendered.body).toContain('<main');
        },
      ),
      { numRuns: 40 },
    );
  });
});
