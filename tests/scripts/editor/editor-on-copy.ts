import { cpSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type RunningEditor, startEditor } from '../../../scripts/editor/start-editor';
import { root } from '../../helpers/project';

/**
 * One editor for a test file, on its own copy of the project's content, schemas and public files
 * (the editor writes to it) under tests/.tmp/<folder>/<pid>, and the raw requests the tests send it.
 */
export function editorOnCopy(folder: string) {
  const scratch = join(root, 'tests/.tmp', folder, String(process.pid));
  const content = join(scratch, 'project');
  let editor: RunningEditor;
  let base = '';

  beforeAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(content, folder), { recursive: true });
    editor = await startEditor({ codeRoot: root, contentRoot: content, host: '127.0.0.1', port: 0 });
    base = editor.url;
  });
  afterAll(async () => {
    await editor?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

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

  return {
    scratch,
    content,
    /** The editor's address, once it has started (in the tests, not while they are collected). */
    base: () => base,
    send,
    post,
  };
}
