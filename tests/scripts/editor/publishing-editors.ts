/**
 * Editors on real git checkouts for the publishing routes' tests: a bare remote and a checkout
 * cloned from it (tests/helpers/git-repos.ts) per test, the raw requests sent to an editor, and
 * what git holds afterwards. Every editor started is closed, and the repositories removed, after
 * the test file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type RunningEditor, startEditor } from '../../../scripts/editor/start-editor';
import { git } from '../../../scripts/publish/git/git';
import { type GitRepos, gitRepos } from '../../helpers/git-repos';
import { root } from '../../helpers/project';

export function publishingEditors() {
  let repos: GitRepos;
  const editors: RunningEditor[] = [];

  /** A raw HTTP request to `editor`, with its own Host and, unless told otherwise, its Origin on a POST. */
  function send(
    editor: RunningEditor,
    path: string,
    { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<{ status: number; json: () => Record<string, unknown> }> {
    const url = new URL(editor.url);
    const origin = method === 'POST' ? { Origin: url.origin, 'Content-Type': 'application/json' } : {};
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: url.port, path, method, headers: { Host: url.host, ...origin, ...headers }, setHost: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) as Record<string, unknown> });
          });
        },
      );
      req.on('error', reject);
      // As bytes: a string body would be written with the headers in one UTF-8 piece, and header text is Latin-1 on the wire.
      req.end(body === undefined ? undefined : Buffer.from(body));
    });
  }

  async function editorOn(contentRoot: string, trustProxy?: boolean, token?: string): Promise<RunningEditor> {
    const editor = await startEditor({ codeRoot: root, contentRoot, host: '127.0.0.1', port: 0, trustProxy, token });
    editors.push(editor);
    return editor;
  }

  /** A bare remote, a checkout cloned from it (with git user `user`) and an editor on that checkout. */
  async function published(name: string, user?: { name: string; email: string } | null, trustProxy?: boolean) {
    const remote = await repos.remote(name);
    const checkout = await repos.clone(remote, name, user);
    return { remote, checkout, editor: await editorOn(checkout, trustProxy) };
  }

  /** Changes a page's title on disk, as a save from the editor does. */
  function retitle(checkout: string, page: string, title: string): void {
    const file = join(checkout, 'pages', page);
    const value = JSON.parse(readFileSync(file, 'utf8')) as { title: string };
    value.title = title;
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  }

  const lastCommit = async (folder: string, ref = 'HEAD') =>
    (await git(folder, ['log', '-1', '--format=%an <%ae>%n%s', '--name-only', ref])).stdout.trim().split('\n').filter(Boolean);

  beforeAll(async () => {
    repos = await gitRepos();
  });
  afterAll(async () => {
    for (const editor of editors) await editor.close();
    repos?.cleanup();
  });

  return {
    /** The test file's repositories, once they are made (in the tests, not while they are collected). */
    repos: {
      remote: (name: string) => repos.remote(name),
      clone: (...args: Parameters<GitRepos['clone']>) => repos.clone(...args),
    },
    send,
    editorOn,
    published,
    retitle,
    lastCommit,
  };
}
