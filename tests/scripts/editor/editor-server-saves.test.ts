/** What the editor server writes, checks and draws: a saved file changes only where the draft did. */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { readVersion } from '../../../scripts/content/fixing/schema-version';
import type { OpenedFile, SaveResult } from '../../../src/content/api-types';
import { root } from '../../helpers/project';
import { until } from '../../helpers/wait';
import { editorOnCopy } from './editor-on-copy';

const { scratch, content, send, post } = editorOnCopy('editor-server-saves');

describe('the editor server saves', () => {
  it('only the field that changed: every other line stays byte for byte', async () => {
    const opened = (await send('/__editor/api/file?path=pages%2Fabout.json')).json() as OpenedFile;
    const blocks = opened.value.blocks as { heading?: string }[];
    const value = {
      ...opened.value,
      blocks: blocks.map((block, index) => (index === 1 ? { ...block, heading: 'How we work, step by step' } : block)),
    };
    const saved = await post('save', { path: 'pages/about.json', value, base: opened.hash });
    expect(saved.status).toBe(200);
    const before = opened.text.split('\n');
    const after = readFileSync(join(content, 'pages/about.json'), 'utf8').split('\n');
    expect(after.length).toBe(before.length);
    const changed = after.flatMap((line, index) => (line === before[index] ? [] : [[before[index], line]]));
    expect(changed).toEqual([['      "heading": "How we work",', '      "heading": "How we work, step by step",']]);
  });

  it('nothing over a file that changed on disk since it was opened', async () => {
    const opened = (await send('/__editor/api/file?path=pages%2Fcareers.json')).json() as OpenedFile;
    const file = join(content, 'pages/careers.json');
    const handEdited = opened.text.replace('"Careers"', '"Careers at Nuvora"');
    writeFileSync(file, handEdited);
    const saved = await post('save', { path: 'pages/careers.json', value: { ...opened.value, title: 'Jobs' }, base: opened.hash });
    expect(saved.status).toBe(409);
    expect((saved.json() as SaveResult & { text: string }).text).toBe(handEdited);
    expect(readFileSync(file, 'utf8')).toBe(handEdited);
  });

  it('nothing with problems, which are the validator’s own, with the same code and words', async () => {
    const opened = (await send('/__editor/api/file?path=pages%2Ftesting.json')).json() as OpenedFile;
    const value = { ...opened.value, description: 'Too short.' };
    const checked = (await post('check', { path: 'pages/testing.json', value })).json() as { problems: unknown[] };
    const saved = await post('save', { path: 'pages/testing.json', value, base: opened.hash });
    expect(saved.status).toBe(422);
    expect((saved.json() as { problems: unknown[] }).problems).toEqual(checked.problems);
    expect(readFileSync(join(content, 'pages/testing.json'), 'utf8')).toBe(opened.text);
    // What npm run validate says once the same text is in the file.
    const scratchCopy = join(scratch, 'validate');
    for (const folder of ['pages', 'schemas', 'public']) cpSync(join(content, folder), join(scratchCopy, folder), { recursive: true });
    writeFileSync(join(scratchCopy, 'pages/testing.json'), opened.text.replace(/"description": "[^"]*"/, '"description": "Too short."'));
    const validated = loadSite(scratchCopy).problems.filter((problem) => problem.file === 'pages/testing.json');
    expect(checked.problems).toEqual(validated);
    expect(validated.map((problem) => problem.code)).toEqual(['tooShort']);
  });

  it('a new page only once it is valid, and never over an existing file', async () => {
    const draft = {
      $schema: '../../schemas/page.schema.json',
      schemaVersion: readVersion(root).version,
      title: 'Cloud migration',
      description: '',
      blocks: [],
    };
    const refused = await post('save', { path: 'pages/services/cloud-migration.json', value: draft, base: null });
    expect(refused.status).toBe(422);
    expect((refused.json() as { problems: { code: string }[] }).problems.map((problem) => problem.code)).toEqual(['tooShort']);
    const valid = {
      ...draft,
      description: 'How we move workloads to the cloud and keep the bill down, step by step.',
      blocks: [{ type: 'prose', paragraphs: ['We plan, move and tune.'] }],
    };
    expect((await post('save', { path: 'pages/services/cloud-migration.json', value: valid, base: null })).status).toBe(200);
    expect(JSON.parse(readFileSync(join(content, 'pages/services/cloud-migration.json'), 'utf8'))).toEqual(valid);
    expect((await post('save', { path: 'pages/about.json', value: valid, base: null })).status).toBe(409);
  });

  it('a preview in which a block that fails shows its notice, and every other block still renders', async () => {
    const opened = (await send('/__editor/api/file?path=pages%2Fabout.json')).json() as OpenedFile & { value: { blocks: unknown[] } };
    const notice = (JSON.parse(readFileSync(join(content, 'pages/_site.json'), 'utf8')) as { labels: { blockError: string } }).labels
      .blockError;
    for (const broken of [{ type: 'jobDetail', job: 'no-such-job' }, { type: 'noSuchBlock' }]) {
      const value = { ...opened.value, blocks: [broken, ...opened.value.blocks] };
      const rendered = await post('render', { path: 'pages/about.json', value });
      expect(rendered.status).toBe(200);
      const { body } = rendered.json() as { body: string };
      const failed = [...body.matchAll(/data-block-error=""[^>]*>([^<]*)/g)].map((match) => match[1]);
      expect(failed).toEqual([notice]);
      // The notice stands in the first block's place; the page's own blocks follow it.
      expect(body.indexOf('data-block-error')).toBeLessThan(body.indexOf('data-editor-block="1"'));
      for (const heading of ['Who we are', 'How we work', 'Recent work', 'Work with a team that stays']) expect(body).toContain(heading);
    }
    // Nothing was written to draw it.
    expect(readFileSync(join(content, 'pages/about.json'), 'utf8')).toBe(opened.text);
  });

  it('a preview of one block when asked for a block that exists, and of the whole page for any other "only"', async () => {
    const opened = (await send('/__editor/api/file?path=pages%2Fabout.json')).json() as OpenedFile;
    const markers = (body: string) => [...body.matchAll(/data-editor-block="(\d+)"/g)].map((match) => match[1]);
    const one = (await post('render', { path: 'pages/about.json', value: opened.value, only: 2 })).json() as {
      body: string;
      only?: number;
    };
    expect(one.only).toBe(2);
    expect(markers(one.body)).toEqual(['2']);
    for (const only of [-1, 4, 1e9, 1.5, '2', null, {}, [2], 'NaN']) {
      const rendered = await post('render', { path: 'pages/about.json', value: opened.value, only });
      expect(rendered.status, JSON.stringify(only)).toBe(200);
      const whole = rendered.json() as { body: string; only?: number };
      expect(whole.only, JSON.stringify(only)).toBeUndefined();
      expect(markers(whole.body), JSON.stringify(only)).toEqual(['0', '1', '2', '3']);
    }
  });

  it('draws a page anew once a file it shows changes on disk, though the page itself is the same (renders are kept, never stale)', async () => {
    const opened = (await send('/__editor/api/file?path=pages%2Fcareers.json')).json() as OpenedFile;
    const body = async (): Promise<string> =>
      ((await post('render', { path: 'pages/careers.json', value: opened.value })).json() as { body: string }).body;
    expect(await body()).toContain('AngularJS Developer');
    const job = join(content, 'pages/_collections/jobs/angularjs-developer.json');
    const before = readFileSync(job, 'utf8');
    writeFileSync(job, before.replace('"title": "AngularJS Developer"', '"title": "AngularJS Engineer"'));
    try {
      // The watcher tells the editor within moments; until then the page is as it was.
      const drawn = await until('the page drawn with the new title', async () => {
        const text = await body();
        return text.includes('AngularJS Engineer') && text;
      });
      expect(drawn).toContain('AngularJS Engineer');
      expect(drawn).not.toContain('AngularJS Developer');
    } finally {
      writeFileSync(job, before);
    }
  });

  it('gives forms without rules drawn as choices: a button has its link and its dialog, with no "option 1 / option 2"', async () => {
    const model = (await send('/__editor/api/model')).json() as { blocks: { type: string; schema: object }[] };
    const text = JSON.stringify(model.blocks.map((block) => block.schema));
    expect(text).not.toMatch(/"(oneOf|anyOf)":\[\{"required"/);
    const cta = model.blocks.find((block) => block.type === 'callToAction')?.schema as {
      definitions: Record<string, { properties?: object }>;
    };
    const button = Object.values(cta.definitions).find((definition) => definition.properties && 'opens' in definition.properties);
    expect(Object.keys(button?.properties ?? {})).toEqual(expect.arrayContaining(['label', 'href', 'opens']));
  });

  it('names in the app’s page what its first screen will ask for, once the site is read, so the browser asks at once', async () => {
    await send('/__editor/api/files');
    const html = { Accept: 'text/html' };
    const page = (await send('/edit?path=pages%2Findex.json', { headers: html })).text;
    expect(page).toContain('<link rel="preload" as="fetch" crossorigin href="/__editor/api/model">');
    expect(page).toContain('<link rel="preload" as="fetch" crossorigin href="/__editor/api/file?path=pages%2Findex.json">');
    const list = (await send('/', { headers: html })).text;
    expect(list).toContain('href="/__editor/api/files"');
    // An address that names no content file, or names one in characters a page could be made to carry, asks for nothing.
    for (const path of ['%22%3E%3Cscript%3E', 'pages%2F..%2Fpackage.json', 'pages%2Findex.json%22']) {
      const other = (await send(`/edit?path=${path}`, { headers: html })).text;
      expect(other.match(/rel="preload" as="fetch"/g)).toBeNull();
      expect(other).not.toContain('<script>');
    }
  });

  it('gives the hash of a file on disk now, which changes when the file does (a tab warns from it)', async () => {
    const opened = (await send('/__editor/api/file?path=pages%2Fexpertise.json')).json() as OpenedFile;
    const hashNow = async () => ((await send('/__editor/api/hash?path=pages%2Fexpertise.json')).json() as { hash: string | null }).hash;
    expect(await hashNow()).toBe(opened.hash);
    writeFileSync(join(content, 'pages/expertise.json'), `${opened.text}\n`);
    expect(await hashNow()).not.toBe(opened.hash);
    writeFileSync(join(content, 'pages/expertise.json'), opened.text);
    expect(((await send('/__editor/api/hash?path=pages%2Fno-such-page.json')).json() as { hash: null }).hash).toBeNull();
  });

  it('names the pages that link to a page before it is deleted', async () => {
    const dependents = (await send('/__editor/api/dependents?path=pages%2Fservices%2Fapi-intergration.json')).json() as {
      files: string[];
      places: string[];
    };
    expect(dependents.files).toEqual(['pages/_site.json', 'pages/products/commerce-platform.json', 'pages/products/tracking-suite.json']);
    expect(dependents.places).toEqual([
      'the menu (Services › Design & Data › API integration)',
      'the “Commerce platform” page (Platform features › ERP and POS integration)',
      'the “Tracking suite” page (Modules › Open APIs)',
    ]);
  });
});
