import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/lib/content/load-site';
import { EditorStartError, type RunningEditor, startEditor } from '../../scripts/lib/editor/server';
import type { OpenedFile, SaveResult } from '../../src/editor/api-types';

const root = join(import.meta.dirname, '../..');
const scratch = join(root, 'tests/.tmp/editor-server', String(process.pid));
const content = join(scratch, 'project');
let editor: RunningEditor;
let base = '';

/** A copy of the project's content, schemas and public files: the editor writes to it. */
function copyProject(): void {
  rmSync(scratch, { recursive: true, force: true });
  for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(content, folder), { recursive: true });
}

/** A raw HTTP request, so that Host and Origin can be anything a browser or an attacker sends. */
function send(
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; text: string; json: () => unknown }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: url.port, path, method, headers: { Host: url.host, ...headers }, setHost: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text, json: () => JSON.parse(text) as unknown });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const post = (name: string, value: unknown, headers: Record<string, string> = {}) =>
  send(`/__editor/api/${name}`, {
    method: 'POST',
    headers: { Origin: base.replace(/\/$/, ''), 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(value),
  });

/** A PNG of the given size, made here so no binary file is needed. */
function png(width: number, height: number): Buffer {
  const crc = (bytes: Buffer): number => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  copyProject();
  editor = await startEditor({ codeRoot: root, contentRoot: content, host: '127.0.0.1', port: 0 });
  base = editor.url;
}, 60_000);
afterAll(async () => {
  await editor?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the editor server refuses', () => {
  it('a Host that is not its own (DNS rebinding), before anything is read', async () => {
    for (const host of ['evil.example', 'evil.example:80', `localhost.evil.example:${new URL(base).port}`, '127.0.0.1:1'])
      expect((await send('/__editor/api/files', { headers: { Host: host } })).status, host).toBe(421);
  });

  it('a request from another site, and any change without an Origin', async () => {
    expect((await send('/__editor/api/files', { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await post('save', { path: 'pages/about.json', value: {}, base: null }, { Origin: 'null' })).status).toBe(403);
    const noOrigin = await send('/__editor/api/save', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(noOrigin.status).toBe(403);
    expect((await send('/__editor/api/files')).status).toBe(200);
  });

  it('a path that leaves pages/, or a file that is no content, whatever its spelling', async () => {
    mkdirSync(join(content, 'pages/outside-link'), { recursive: true });
    symlinkSync(join(content, 'schemas'), join(content, 'pages/outside-link/schemas'));
    for (const path of [
      'pages/../package.json',
      'pages/%2e%2e/package.json',
      'pages/About Us.json',
      'pages/_collections/jobs/../../../package.json',
      'pages/_collections/Jobs/x.json',
      '../pages/about.json',
      '/etc/passwd',
      'pages/about.txt',
      'schemas/page.schema.json',
      'pages/./about.json',
      'pages\\..\\package.json',
      'pages/outside-link/schemas/page.schema.json',
      'pages/about.json\0.png',
    ]) {
      const opened = await send(`/__editor/api/file?path=${encodeURIComponent(path)}`);
      expect(opened.status, path).toBe(400);
      const saved = await post('save', { path, value: { title: 'x' }, base: null });
      expect(saved.status, path).toBe(400);
    }
    expect(readFileSync(join(content, 'schemas/page.schema.json'), 'utf8')).toBe(
      readFileSync(join(root, 'schemas/page.schema.json'), 'utf8'),
    );
    rmSync(join(content, 'pages/outside-link'), { recursive: true });
  });

  it('to start beyond loopback without a token, and then any request without it', async () => {
    await expect(startEditor({ codeRoot: root, contentRoot: content, host: '0.0.0.0', port: 0 })).rejects.toBeInstanceOf(EditorStartError);
    await expect(startEditor({ codeRoot: root, contentRoot: content, host: '0.0.0.0', port: 0, token: 'short' })).rejects.toThrow(
      'at least 16 characters',
    );
    const token = 'a-long-random-secret-for-tests';
    const open = await startEditor({ codeRoot: root, contentRoot: content, host: '0.0.0.0', port: 0, token });
    try {
      const port = new URL(open.url).port;
      const ask = (headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) =>
          httpRequest({ host: '127.0.0.1', port, path: '/__editor/api/files', headers }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
            .on('error', reject)
            .end(),
        );
      expect(await ask({})).toBe(401);
      expect(await ask({ Authorization: 'Bearer wrong-secret-of-the-same-size' })).toBe(401);
      expect(await ask({ Authorization: `Bearer ${token}` })).toBe(200);
      expect(await ask({ Cookie: `editor_token=${token}` })).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('an upload that is no picture, an SVG, or one over 5 MB; a picture goes to public/media/ under a safe, new name', async () => {
    const upload = (name: string, body: Buffer) =>
      send('/__editor/api/upload', {
        method: 'POST',
        headers: { Origin: base.replace(/\/$/, ''), 'X-File-Name': encodeURIComponent(name) },
        body,
      });
    expect((await upload('notes.png', Buffer.from('just text'))).status).toBe(415);
    expect((await upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).status).toBe(415);
    expect((await upload('huge.png', Buffer.concat([png(2, 2), Buffer.alloc(5 * 1024 * 1024)]))).status).toBe(413);
    const first = await upload('../../Team Photo ü.png', png(4, 3));
    expect(first.status).toBe(201);
    expect(first.json()).toEqual({ src: '/media/team-photo-u.png', width: 4, height: 3 });
    expect((await upload('team-photo-u.png', png(4, 3))).json()).toMatchObject({ src: '/media/team-photo-u-2.png' });
    expect(existsSync(join(content, 'public/media/team-photo-u.png'))).toBe(true);
  });
});

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
    const draft = { $schema: '../../schemas/page.schema.json', schemaVersion: 1, title: 'Cloud migration', description: '', blocks: [] };
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

  it('names the pages that link to a page before it is deleted', async () => {
    const dependents = (await send('/__editor/api/dependents?path=pages%2Fservices%2Fapi-intergration.json')).json() as { files: string[] };
    expect(dependents.files).toEqual(['pages/_site.json', 'pages/products/commerce-platform.json', 'pages/products/tracking-suite.json']);
  });
});
