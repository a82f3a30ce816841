import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { readVersion } from '../../../scripts/content/fixing/versions';
import { EditorStartError, type RunningEditor, startEditor } from '../../../scripts/editor/editor-server';
import type { OpenedFile, SaveResult } from '../../../src/content/api-types';
import { root } from '../../helpers/project';
import { until } from '../../helpers/wait';

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

/** A request to another editor on this machine, with exactly the headers given; the answer's headers too. */
function rawRequest(
  port: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) =>
    httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    })
      .on('error', reject)
      .end(),
  );
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
});
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
      const ask = (headers: Record<string, string>) => rawRequest(port, '/__editor/api/files', headers).then((answer) => answer.status);
      expect(await ask({})).toBe(401);
      expect(await ask({ Authorization: 'Bearer wrong-secret-of-the-same-size' })).toBe(401);
      expect(await ask({ Authorization: `Bearer ${token}` })).toBe(200);
      // The cookie holds a session, never the token: the token itself in a cookie opens nothing.
      expect(await ask({ Cookie: `editor_token=${token}` })).toBe(401);
      expect(await ask({ Cookie: `editor_session=${token}` })).toBe(401);
      // A remote browser is given addresses it can open, and told that plain HTTP carries the token in clear.
      expect(open.addresses.length).toBeGreaterThan(0);
      for (const address of open.addresses) expect(address).not.toMatch(/0\.0\.0\.0|\[::\]/);
      expect(open.notices.join(' ')).toMatch(/plain HTTP.*SSH tunnel.*TLS/);
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
    const dependents = (await send('/__editor/api/dependents?path=pages%2Fservices%2Fapi-intergration.json')).json() as { files: string[] };
    expect(dependents.files).toEqual(['pages/_site.json', 'pages/products/commerce-platform.json', 'pages/products/tracking-suite.json']);
  });
});

describe('the editor serves only the editor (hostile trial, issue 22)', () => {
  it('its app, its modules and the public files, and nothing else of the project: no store, no sources, no package.json', async () => {
    // Files that Vite, rooted at the project, used to hand out: a store under the project and its sources.
    const inScratch = `/tests/.tmp/editor-server/${process.pid}`;
    mkdirSync(join(scratch, 'data'), { recursive: true });
    writeFileSync(join(scratch, 'data/submissions.db-wal'), 'visitor@example.com +91 9876543210');
    for (const path of [
      `${inScratch}/data/submissions.db-wal`,
      '/data/submissions.db',
      '/package.json',
      '/vite.config.ts',
      '/vite.config.ts?raw',
      '/README.md',
      '/scripts/editor/editor-server.ts',
      '/src/editor/app/api.ts?raw',
      '/src/editor/app/api.ts?url',
      '/src/editor/app/api.ts?inline',
      '/src/render/entry-render.tsx',
      '/src/%2e%2e/package.json',
      '/src/..%2fpackage.json',
      '/node_modules/.vite/deps/_metadata.json',
      '/node_modules/vite/package.json',
      '/@fs/etc/hostname',
      `/@fs${root}/package.json`,
      '/@id/package.json',
      '/__open-in-editor?file=/etc/hostname',
      '/pages/about.json',
      '/.git/config',
    ]) {
      const answer = await send(path, { headers: { Accept: '*/*' } });
      expect([403, 404], path).toContain(answer.status);
      expect(answer.text, path).not.toMatch(/visitor@example\.com|"devDependencies"|defineConfig|\[core\]/);
    }
    // What the editor app itself loads still comes.
    for (const path of ['/@vite/client', '/src/editor/main.tsx', '/src/editor/app/api.ts', '/favicon.svg'])
      expect((await send(path, { headers: { Accept: '*/*' } })).status, path).toBe(200);
  });

  it('starts no process for /__open-in-editor, from any method or page', async () => {
    const marker = join(scratch, 'launched');
    const launcher = join(scratch, 'launch.sh');
    writeFileSync(launcher, `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    const saved = { LAUNCH_EDITOR: process.env.LAUNCH_EDITOR, EDITOR: process.env.EDITOR };
    process.env.LAUNCH_EDITOR = launcher;
    process.env.EDITOR = launcher;
    try {
      for (const method of ['GET', 'POST']) {
        const answer = await send('/__open-in-editor?file=/etc/hostname', { method, headers: { Origin: base.replace(/\/$/, '') } });
        expect([403, 404]).toContain(answer.status);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(existsSync(marker)).toBe(false);
    } finally {
      Object.assign(process.env, saved);
      for (const [name, value] of Object.entries(saved)) if (value === undefined) delete process.env[name];
    }
  });

  it('refuses what a browser marks as coming from another site (Sec-Fetch-Site), whatever the method and path', async () => {
    for (const site of ['same-site', 'cross-site'])
      for (const path of ['/__editor/api/files', '/', '/src/editor/main.tsx', '/favicon.svg'])
        expect((await send(path, { headers: { 'Sec-Fetch-Site': site, Accept: 'text/html' } })).status, `${site} ${path}`).toBe(403);
    for (const site of ['same-origin', 'none'])
      expect((await send('/__editor/api/files', { headers: { 'Sec-Fetch-Site': site } })).status, site).toBe(200);
  });

  it('serves no public file through a link, even one that points inside the project', async () => {
    symlinkSync(join(content, 'pages/about.json'), join(content, 'public/linked.json'));
    symlinkSync(join(content, 'pages'), join(content, 'public/linked-folder'));
    try {
      for (const path of ['/linked.json', '/linked-folder/about.json'])
        expect((await send(path, { headers: { Accept: '*/*' } })).status, path).toBe(404);
    } finally {
      rmSync(join(content, 'public/linked.json'));
      rmSync(join(content, 'public/linked-folder'));
    }
  });
});

describe('the editor never follows a link out of its folders (hostile trial, issue 22)', () => {
  it('refuses in words to save through a dangling link, and creates nothing outside pages/', async () => {
    const outside = join(scratch, 'outside');
    symlinkSync(join(outside, 'x.json'), join(content, 'pages/dangle.json'));
    symlinkSync(join(outside, 'folder'), join(content, 'pages/gone'));
    try {
      const opened = (await send('/__editor/api/file?path=pages%2Fabout.json')).json() as OpenedFile;
      for (const path of ['pages/dangle.json', 'pages/gone/x.json']) {
        const saved = await post('save', { path, value: opened.value, base: null });
        expect(saved.status, path).toBe(400);
        expect((saved.json() as { error: string }).error, path).toMatch(/is a link: the editor opens and saves only real files/);
        expect((await send(`/__editor/api/file?path=${encodeURIComponent(path)}`)).status, path).toBe(400);
      }
      expect(existsSync(outside)).toBe(false);
      // The rest of the site is still checked and saved: a dangling link is a problem of its own, not a 500.
      expect((await post('check', { path: 'pages/about.json', value: opened.value })).status).toBe(200);
      expect((await send('/__editor/api/files')).status).toBe(200);
    } finally {
      rmSync(join(content, 'pages/dangle.json'));
      rmSync(join(content, 'pages/gone'));
    }
  });

  it('files a page’s problems under one spelling of its path, so "pages//about.json" cannot save a page with problems', async () => {
    const opened = (await send('/__editor/api/file?path=pages%2Fabout.json')).json() as OpenedFile;
    const value = { ...opened.value, description: 'Too short.' };
    for (const path of ['pages//about.json', 'pages///about.json']) {
      const saved = await post('save', { path, value, base: opened.hash });
      expect(saved.status, path).toBe(422);
      expect((saved.json() as { problems: { file: string; code: string }[] }).problems, path).toEqual([
        expect.objectContaining({ file: 'pages/about.json', code: 'tooShort' }),
      ]);
      const checked = (await post('check', { path, value })).json() as { problems: unknown[] };
      expect(checked.problems, path).toHaveLength(1);
    }
    expect(readFileSync(join(content, 'pages/about.json'), 'utf8')).toBe(opened.text);
  });

  it('uploads no picture through a public/media that is a link', async () => {
    const media = join(content, 'public/media');
    const moved = join(scratch, 'media-moved');
    cpSync(media, moved, { recursive: true });
    rmSync(media, { recursive: true });
    symlinkSync(join(scratch, 'elsewhere'), media);
    try {
      const answer = await send('/__editor/api/upload', {
        method: 'POST',
        headers: { Origin: base.replace(/\/$/, ''), 'X-File-Name': 'photo.png' },
        body: png(2, 2),
      });
      expect(answer.status).toBe(400);
      expect(existsSync(join(scratch, 'elsewhere'))).toBe(false);
    } finally {
      rmSync(media);
      cpSync(moved, media, { recursive: true });
    }
  });
});

describe('the editor answers a draft it cannot use in words, never with a 500 (hostile trial, issue 22)', () => {
  it('a draft that is no page, or nests thousands deep: 400 or 422, and the editor still answers', async () => {
    // Written out by hand: JSON.stringify itself overflows on 5,000 levels.
    const deep = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
    const raw = (name: string, body: string) =>
      send(`/__editor/api/${name}`, {
        method: 'POST',
        headers: { Origin: base.replace(/\/$/, ''), 'Content-Type': 'application/json' },
        body,
      });
    for (const value of ['{}', '[]', 'null', '"text"', '{"blocks":"none"}', '{"blocks":[null]}', `{"title":${deep}}`]) {
      for (const name of ['check', 'render', 'save']) {
        const answer = await raw(name, `{"path":"pages/about.json","base":"x","value":${value}}`);
        expect(answer.status, `${name} ${value.slice(0, 40)}`).toBeLessThan(500);
        expect(answer.text).not.toMatch(/\n\s+at /);
      }
    }
    const nested = (await raw('render', `{"path":"pages/about.json","value":{"title":${deep}}}`)).json() as { error: string };
    expect(nested.error).toMatch(/nests more than 64 levels/);
    expect((await post('render', { path: 'pages/about.json', value: {} })).status).toBe(422);
    expect((await send('/__editor/api/files')).status).toBe(200);
  });

  it('an upload whose name is not percent-encoded UTF-8: 400', async () => {
    const answer = await send('/__editor/api/upload', {
      method: 'POST',
      headers: { Origin: base.replace(/\/$/, ''), 'X-File-Name': 'photo%E9%ZZ.png' },
      body: png(2, 2),
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/percent-encoded UTF-8/);
  });
});

describe('the editor with a token (hostile trial, issue 22)', () => {
  it('works with a token of any characters, keeps a session rather than the token in its cookie, and never crashes on one', async () => {
    const tokens = ['sécret-€-token-0123456789', 'q1w2e3r4t5y6u7i8o9p0aA==', 'a token; with spaces = and more', 'Zm9vYmFyYmF6cXV4+/=='];
    for (const token of tokens) {
      const open = await startEditor({ codeRoot: root, contentRoot: content, host: '0.0.0.0', port: 0, token });
      try {
        const port = new URL(open.url).port;
        // The address npm run edit prints carries the token percent-encoded.
        const opened = await rawRequest(port, `/?token=${encodeURIComponent(token)}`, { Accept: 'text/html' });
        expect(opened.status, token).toBe(303);
        const cookie = String(opened.headers['set-cookie']);
        expect(cookie, token).toMatch(/^editor_session=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
        expect(cookie).not.toContain(encodeURIComponent(token));
        const session = cookie.split(';')[0] ?? '';
        expect((await rawRequest(port, '/__editor/api/files', { Cookie: session })).status, token).toBe(200);
        // Another scheme's Authorization (Basic from a proxy) does not hide the session.
        expect((await rawRequest(port, '/__editor/api/files', { Cookie: session, Authorization: 'Basic dXNlcjpwYXNz' })).status).toBe(200);
        expect((await rawRequest(port, '/__editor/api/files', { Cookie: `other=1; ${session}; more=a=b` })).status).toBe(200);
        // Scripts may send it as a Bearer token, in UTF-8 as HTTP clients do.
        const bearer = `Bearer ${Buffer.from(token, 'utf8').toString('latin1')}`;
        expect((await rawRequest(port, '/__editor/api/files', { Authorization: bearer })).status, token).toBe(200);
        // Still alive, and a wrong token still opens nothing.
        expect((await rawRequest(port, `/?token=${encodeURIComponent(`${token}x`)}`, {})).status).toBe(401);
      } finally {
        await open.close();
      }
    }
  });

  it('marks the session cookie Secure when a proxy on this machine says the page came over HTTPS, and only then', async () => {
    const token = 'a-long-random-secret-for-tests';
    const open = await startEditor({ codeRoot: root, contentRoot: content, host: '0.0.0.0', port: 0, token });
    try {
      const port = new URL(open.url).port;
      const viaTls = await rawRequest(port, `/?token=${token}`, { 'X-Forwarded-Proto': 'https' });
      expect(String(viaTls.headers['set-cookie'])).toMatch(/; Secure$/);
      const plain = await rawRequest(port, `/?token=${token}`, {});
      expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
      // Behind that proxy the page's Origin is https://: the editor's own requests are still its own.
      const session = String(viaTls.headers['set-cookie']).split(';')[0] ?? '';
      const host = `127.0.0.1:${port}`;
      const check = await new Promise<number>((resolve, reject) =>
        httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/__editor/api/migrate',
            method: 'POST',
            headers: { Cookie: session, Origin: `https://${host}` },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
          .on('error', reject)
          .end(),
      );
      expect(check).toBe(200);
    } finally {
      await open.close();
    }
  });
});
