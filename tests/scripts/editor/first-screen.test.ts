/**
 * The editor's first screen answered from the last start (scripts/editor/first-screen.ts): only
 * when nothing it was made from has changed, and the same answers as the site read anew.
 */
import { cpSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditor } from '../../../scripts/editor/start-editor';
import { type FirstScreen, firstScreenCache } from '../../../scripts/editor/first-screen';
import { root } from '../../helpers/project';
import { waitFor } from '../../helpers/wait';

const scratch = join(root, 'tests/.tmp/first-screen', String(process.pid));
const content = join(scratch, 'project');
const answers = { files: [], model: { marker: 'kept' } } as unknown as FirstScreen;

beforeAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(content, folder), { recursive: true });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the first screen kept from the last start', () => {
  it('is given only while every page, schema, picture and the code are as they were', () => {
    const cache = firstScreenCache(root, content, 'code-1');
    cache.write(cache.key(), answers);
    expect(cache.read()).toEqual(answers);
    // Another version of the code.
    expect(firstScreenCache(root, content, 'code-2').read()).toBeUndefined();
    // One byte of a page.
    const page = join(content, 'pages/about.json');
    const text = readFileSync(page, 'utf8');
    writeFileSync(page, `${text} `);
    expect(cache.read()).toBeUndefined();
    writeFileSync(page, text);
    expect(cache.read()).toEqual(answers);
    // A schema.
    const schema = join(content, 'schemas/page.schema.json');
    const schemaText = readFileSync(schema, 'utf8');
    writeFileSync(schema, `${schemaText}\n`);
    expect(cache.read()).toBeUndefined();
    writeFileSync(schema, schemaText);
    // A picture replaced (its time changes), and a picture added.
    const picture = join(content, 'public/favicon.svg');
    utimesSync(picture, new Date(), new Date(Date.now() + 5000));
    expect(cache.read()).toBeUndefined();
    cache.write(cache.key(), answers);
    writeFileSync(join(content, 'public/new-picture.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(cache.read()).toBeUndefined();
    rmSync(join(content, 'public/new-picture.svg'));
    // Answers made while something changed are not kept.
    const before = cache.key();
    writeFileSync(page, `${text} `);
    cache.write(before, answers);
    writeFileSync(page, text);
    cache.write(cache.key(), { ...answers, files: [{ path: 'written' }] } as unknown as FirstScreen);
    expect(cache.read()?.files).toEqual([{ path: 'written' }]);
  });

  it('lets a new start list the same files and give the same model as one that reads the site', async () => {
    const ask = async (url: string, name: string): Promise<unknown> => (await fetch(`${url}__editor/api/${name}`)).json();
    const first = await startEditor({ codeRoot: root, contentRoot: content, host: '127.0.0.1', port: 0 });
    const read = { files: await ask(first.url, 'files'), model: await ask(first.url, 'model') };
    // The answers are kept once the editor has been idle.
    const cache = firstScreenCache(root, content);
    await waitFor('the first screen to be kept', () => cache.read()?.files.length === (read.files as unknown[]).length);
    await first.close();
    const second = await startEditor({ codeRoot: root, contentRoot: content, host: '127.0.0.1', port: 0 });
    try {
      expect(await ask(second.url, 'files')).toEqual(read.files);
      expect(await ask(second.url, 'model')).toEqual(read.model);
    } finally {
      await second.close();
    }
  });
});
