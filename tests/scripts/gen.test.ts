import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemaSet } from '../../scripts/content/schema/schema-set';
import { DefinitionError } from '../../scripts/content/find-definitions';
import { generatedFiles, leftOverFiles } from '../../scripts/gen/generated-files';
import { generateTechnologyFiles, TECHNOLOGY_LOGO_FOLDER } from '../../scripts/gen/registry-files';
import { root } from '../helpers/project';

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

  it('writes a white logo for every technology some logo set has, from the other sets where Simple Icons has none', async () => {
    const files = await generatedFiles(root);
    const table = files.find((file) => file.path === 'src/generated/technologies.ts')?.content ?? '';
    const logo = (name: string): string | undefined =>
      table.match(new RegExp(`'?${name.replace(/[.+#]/g, '\\$&')}'?: \\{ src: '([^']+)'`))?.[1];
    // Simple Icons first, then CoreUI Brands and Material Design Icons for those it lacks.
    expect(logo('Python')).toBe('/images/technologies/python.svg');
    expect(logo('Salesforce')).toBe('/images/technologies/salesforce.svg');
    expect(logo('NetSuite')).toBe('/images/technologies/oracle-netsuite.svg');
    expect(logo('SharePoint')).toBe('/images/technologies/microsoft-sharepoint.svg');
    expect(logo('Java')).toBe('/images/technologies/java.svg');
    // No set has these (C#'s logo would only repeat its name): they are shown as text, and the header's icon if a page gives one.
    expect(logo('ServiceNow')).toBeUndefined();
    expect(logo('RAG')).toBeUndefined();
    expect(logo('C#')).toBeUndefined();
    for (const name of ['Python', 'Salesforce', 'Oracle', 'NetSuite', 'SharePoint', 'Java']) {
      const svg = files.find((file) => `/${file.path.replace(/^public\//, '')}` === logo(name))?.content ?? '';
      expect(svg, name).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[\d. ]+" width="\d+" height="\d+"><!-- "[a-z-]+" from [A-Za-z ]+ \((CC0-1\.0|Apache-2\.0)\)\. The logo is a trademark of its owner\. --><g fill="#ffffff">/,
      );
      expect(svg, name).not.toContain('currentColor');
    }
    // A wordmark is cut to the part of its square it fills, and the table gives its shape.
    expect(table).toContain("NetSuite: { src: '/images/technologies/oracle-netsuite.svg', width: 32, height: 10 },");
  });

  it('stops with the name and the set when a logo set no longer has a logo it is asked for', () => {
    const set = loadSchemaSet(join(root, 'schemas'));
    const emptySets = [
      { prefix: 'cib', info: { name: 'CoreUI Brands' }, icons: {} },
      { prefix: 'mdi', info: { name: 'Material Design Icons' }, icons: {} },
    ];
    expect(() => generateTechnologyFiles(set, {}, emptySets)).toThrow(DefinitionError);
    expect(() => generateTechnologyFiles(set, {}, emptySets)).toThrow(
      'The logo of "Java" is set to cib:java, which the installed @iconify-json/cib does not offer.',
    );
  });

  it('lists the logo files it no longer writes, for gen to delete and --check to report', () => {
    const project = mkdtempSync(join(tmpdir(), 'gen-logos-'));
    try {
      expect(leftOverFiles(project, [])).toEqual([]);
      mkdirSync(join(project, TECHNOLOGY_LOGO_FOLDER), { recursive: true });
      for (const name of ['python.svg', 'cobol.svg']) writeFileSync(join(project, TECHNOLOGY_LOGO_FOLDER, name), '<svg/>');
      expect(leftOverFiles(project, [{ path: `${TECHNOLOGY_LOGO_FOLDER}/python.svg` }])).toEqual([`${TECHNOLOGY_LOGO_FOLDER}/cobol.svg`]);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
