import {
  existsSync,
  type FSWatcher,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import send from 'send';
import type { ServerEntry } from '../build/render/page-renderer';
import { BOOT_ENTRY, SERVER_ENTRY } from '../vite/entries';
import { hashOfSources } from './server-bundle.mjs';

/** Where the built app is served: its files have hashed names, so a browser keeps them. */
export const APP_BASE = '/__editor/app/';
const EDITOR_HTML = 'src/editor/index.html';
const PREVIEW_CLIENT = 'src/editor/preview/preview-client.ts';
/** What else decides the build's output, beside src/: the config, its plugins, the installed versions and this file. */
const ALSO_BUILT_FROM = ['vite.config.ts', 'package-lock.json', 'scripts/vite', 'scripts/editor/editor-build.ts'];
/** Builds kept: older ones go (an editor still serving one rebuilds from its own watch). */
const KEEP = 3;
/** A lock that names no process yet, this old, was left by one that died before it could: it is taken over. */
const STALE_LOCK_MS = 10_000;

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

export interface EditorBuild {
  /**
   * The editor app's page; `fetches` are API addresses its first screen asks for, which the
   * browser then asks for at once, beside the app's scripts, instead of after running them.
   */
  page(fetches?: string[]): string;
  /** The preview frame's scripts: the site's boot script and the preview's own. */
  previewScripts(): string;
  /** The site's renderer, built from the same sources. */
  serverEntry(): Promise<ServerEntry>;
  /** Answers a GET under APP_BASE with a file of the build (404 for anything else). */
  serve(req: IncomingMessage, res: ServerResponse, path: string): void;
  close(): void;
}

/** One hash over every file the build is made from, so a change to any of them is a new build. */
export const sourceHash = (codeRoot: string): string => hashOfSources(codeRoot, ['src', ...ALSO_BUILT_FROM]);

/**
 * Builds the app and the renderer into `outDir`, as `npm run build` builds the site: Vite takes
 * the production build (React's, its JSX, packages' "production" exports) from NODE_ENV, so it
 * is set for the build's time and then put back as it was (a test runner's "test", say).
 */
export async function buildEditor(codeRoot: string, outDir: string): Promise<void> {
  const { build: viteBuild } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const common = { root: codeRoot, logLevel: 'error' as const, mode: 'production' };
    await viteBuild({
      ...common,
      base: APP_BASE,
      build: { outDir: join(outDir, 'client'), emptyOutDir: true, rollupOptions: { input: [EDITOR_HTML, PREVIEW_CLIENT, BOOT_ENTRY] } },
    });
    await viteBuild({
      ...common,
      ssr: { noExternal: true },
      // React's production build whatever NODE_ENV the editor runs under: the bundle reads it when it runs.
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        ssr: SERVER_ENTRY,
        outDir: join(outDir, 'server'),
        emptyOutDir: true,
        manifest: false,
        rollupOptions: { input: SERVER_ENTRY },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the process that took a lock still runs (a build killed midway leaves its lock behind). */
function holderRuns(lock: string): boolean {
  let holder: number;
  try {
    holder = Number(readFileSync(lock, 'utf8'));
  } catch (error) {
    // Gone: its build has just ended. Anything else is no lock this module wrote.
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
  // Taken a moment ago, its holder not written yet.
  if (!holder) return Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) < STALE_LOCK_MS;
  return runs(holder);
}

function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folder of the build of these sources, made first if no process has made it yet. */
async function builtFolder(codeRoot: string, cache: string, say: (line: string) => void): Promise<string> {
  const hash = sourceHash(codeRoot);
  const folder = join(cache, hash);
  const lock = `${folder}.lock`;
  mkdirSync(cache, { recursive: true });
  let waiting = false;
  while (!existsSync(folder)) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch {
      // Another editor is building these sources: wait for its build, or take over a lock it left behind.
      if (!holderRuns(lock)) rmSync(lock, { recursive: true, force: true });
      else if (!waiting) say('Waiting for another editor to finish building these sources…');
      waiting = true;
      await pause(200);
      continue;
    }
    const scratch = `${folder}.${process.pid}.tmp`;
    try {
      say('Building the editor from its sources (after each change to them)…');
      const started = performance.now();
      await buildEditor(codeRoot, scratch);
      renameSync(scratch, folder);
      say(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
      const names = readdirSync(cache);
      const others = names
        .filter((name) => /^[0-9a-f]{16}$/.test(name) && name !== hash)
        .map((name) => ({ name, time: statSync(join(cache, name)).mtimeMs }))
        .sort((a, b) => b.time - a.time);
      for (const old of others.slice(KEEP - 1)) rmSync(join(cache, old.name), { recursive: true, force: true });
      // What builds cut short by their process's end left (a test's editor rebuilding as it closed).
      for (const name of names.filter((name) => /\.\d+\.tmp$/.test(name) && !runs(Number(name.split('.')[1]))))
        rmSync(join(cache, name), { recursive: true, force: true });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
      rmSync(lock, { force: true });
    }
  }
  return folder;
}

/**
 * The modules the preview frame loads before it can show a page, each with what it imports:
 * the editor's page preloads them, so that the frame finds them in the browser's cache and
 * never waits on the server, busy then with the page's first render.
 */
function previewModules(manifest: Manifest): string[] {
  const files = new Set<string>();
  const add = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const entry of [BOOT_ENTRY, PREVIEW_CLIENT, ...(manifest[PREVIEW_CLIENT]?.dynamicImports ?? [])]) add(entry);
  return [...files];
}

/** A build read into memory: its page, its manifest and its renderer (loaded when first asked for). */
function loadBuild(folder: string) {
  const client = join(folder, 'client');
  const manifest = JSON.parse(readFileSync(join(client, '.vite/manifest.json'), 'utf8')) as Manifest;
  const file = (entry: string): string => `${APP_BASE}${manifest[entry]?.file ?? ''}`;
  const preloads = previewModules(manifest).map((module) => `<link rel="modulepreload" crossorigin href="${APP_BASE}${module}">`);
  let entry: Promise<ServerEntry> | undefined;
  return {
    client,
    page: readFileSync(join(client, EDITOR_HTML), 'utf8').replace('</head>', `${preloads.join('')}</head>`),
    scripts: `<script type="module" src="${file(BOOT_ENTRY)}" data-modules=""></script><script type="module" src="${file(PREVIEW_CLIENT)}"></script>`,
    serverEntry: (): Promise<ServerEntry> => {
      entry ??= import(pathToFileURL(join(folder, 'server/entry-render.js')).href) as Promise<ServerEntry>;
      return entry;
    },
  };
}

/**
 * The editor's code, built if these sources have not been yet; `say` tells the person starting
 * the editor when it builds (the first start after a change takes a few seconds longer).
 * `cache` holds the builds (tests give a folder of their own).
 */
export async function editorBuild(
  codeRoot: string,
  say: (line: string) => void = () => undefined,
  cache = join(codeRoot, 'node_modules/.cache/editor'),
): Promise<EditorBuild> {
  let folder = await builtFolder(codeRoot, cache, say);
  let current = loadBuild(folder);
  /** Every build served so far, newest first: a tab opened before a rebuild still loads its own lazy chunks. */
  const served = [current.client];
  let timer: NodeJS.Timeout | undefined;
  let building = false;
  const rebuild = async (): Promise<void> => {
    if (building) {
      timer = setTimeout(rebuild, 500);
      return;
    }
    building = true;
    try {
      const next = await builtFolder(codeRoot, cache, say);
      if (next !== folder) {
        folder = next;
        current = loadBuild(next);
        served.unshift(current.client);
      }
    } catch (error) {
      say(`The editor's code does not build, so the editor keeps its last build: ${(error as Error).message}`);
    } finally {
      building = false;
    }
  };
  const watcher: FSWatcher = watch(join(codeRoot, 'src'), { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(rebuild, 500);
  });
  return {
    page: (fetches = []) =>
      current.page.replace(
        '</head>',
        `${fetches.map((href) => `<link rel="preload" as="fetch" crossorigin href="${href.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">`).join('')}</head>`,
      ),
    previewScripts: () => current.scripts,
    serverEntry: () => current.serverEntry(),
    serve(req, res, path) {
      const file = path.slice(APP_BASE.length - 1);
      let name = '';
      try {
        name = decodeURIComponent(file);
      } catch {}
      const root = served.find((client) => name && !name.split('/').includes('..') && existsSync(join(client, name)));
      if (!root) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        return void res.end('Not found.');
      }
      send(req, file, { root, dotfiles: 'deny', index: false, immutable: true, maxAge: '1y' })
        .on('error', (error: { status?: number }) => {
          res.writeHead(error.status ?? 404, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('Not found.');
        })
        .pipe(res);
    },
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
