/**
 * Puck 0.23, the best-known open-source React page editor, made ready for `npm run bench` to
 * measure beside ours: the small app in scripts/bench/puck/ is copied to a scratch folder under
 * node_modules/.cache, Puck and the same React and Vite as ours are installed there with npm
 * (once; kept for the next run), and the app is built. It is never part of the product: nothing
 * of it is in package.json, and `npm run build` does not build it.
 *
 * The page it opens is our home page, block for block: each block becomes a Puck banner (with
 * the same background video) or a section of cards holding the same words and pictures (a
 * block's list of cards, figures, products or logos becomes its cards). Puck's blocks are drawn with plain elements, ours by
 * the site's own components.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PUCK = '@puckeditor/core@0.23.0';
/** Installed beside Puck at the versions the project has, so both editors run on the same React and Vite. */
const SAME_AS_OURS = ['react', 'react-dom', 'vite', '@vitejs/plugin-react'];

type Json = Record<string, unknown>;

/** The first string among `keys` in an object. */
const first = (object: Json, keys: string[]): string => {
  for (const key of keys) if (typeof object[key] === 'string') return object[key] as string;
  return '';
};

/** A block's cards: its first list of objects (a list of groups gives their items). */
function cardsOf(block: Json): { title: string; text: string; image: string }[] {
  const list = Object.values(block).find((value) => Array.isArray(value) && typeof value[0] === 'object') as Json[] | undefined;
  const items = (list ?? []).flatMap((item) => {
    const inner = Object.values(item).find((value) => Array.isArray(value) && typeof value[0] === 'object') as Json[] | undefined;
    return inner && !first(item, ['title', 'label']) ? inner : [item];
  });
  return items.map((item) => {
    const picture = (item.image ?? item.logo ?? item.icon) as Json | string | undefined;
    return {
      title: first(item, ['title', 'label', 'name', 'question', 'alt']) || String(item.value ?? ''),
      text:
        first(item, ['text', 'description', 'summary', 'answer', 'body']) ||
        (item.value === undefined ? '' : `${item.value}${item.suffix ?? ''}`),
      image: first(item, ['src']) || (typeof picture === 'string' ? picture : first(picture ?? {}, ['src'])),
    };
  });
}

/** Our page file as Puck data: one Puck block for each of ours, with its words. */
function puckData(page: { title?: string; blocks: Json[] }): Json {
  const content = page.blocks.map((block, index) => {
    const props =
      index === 0
        ? {
            eyebrow: first(block, ['eyebrow']),
            heading: first(block, ['heading', 'title']),
            text: first(block, ['text', 'intro']),
            video: first((block.video ?? {}) as Json, ['src']),
            poster: first((block.video ?? {}) as Json, ['poster']),
            actions: ((block.actions ?? []) as Json[]).map((action) => ({
              label: first(action, ['label']),
              href: first(action, ['href']),
            })),
          }
        : { heading: first(block, ['heading', 'title']), text: first(block, ['intro', 'text']), items: cardsOf(block) };
    return { type: index === 0 ? 'Banner' : 'Section', props: { id: `block-${index}`, ...props } };
  });
  return { root: { props: { title: page.title ?? '' } }, content };
}

/**
 * The built Puck app in its scratch folder, ready to serve (`npm run serve` there, with PORT and
 * PUBLIC_DIR), or why it could not be made: the bench then says so and goes on.
 */
export async function preparePuck(root: string): Promise<{ dir: string } | { reason: string }> {
  const dir = join(root, 'node_modules/.cache/bench-puck');
  try {
    const versions = SAME_AS_OURS.map(
      (name) =>
        `${name}@${(JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version}`,
    );
    const wanted = [PUCK, ...versions].sort().join(' ');
    const stamp = join(dir, 'installed.txt');
    if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== wanted) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({ name: 'bench-puck', private: true, type: 'module', scripts: { serve: 'node serve.mjs' } }, null, 2),
      );
      await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', PUCK, ...versions], { cwd: dir, timeout: 300_000 });
      writeFileSync(stamp, wanted);
    }
    cpSync(join(root, 'scripts/bench/puck'), dir, { recursive: true });
    const home = JSON.parse(readFileSync(join(root, 'pages/index.json'), 'utf8')) as { title?: string; blocks: Json[] };
    writeFileSync(join(dir, 'data.json'), JSON.stringify(puckData(home)));
    await run(process.execPath, [join(dir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
      cwd: dir,
      timeout: 300_000,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    return { dir };
  } catch (error) {
    const { message, stderr } = error as { message: string; stderr?: string };
    return { reason: (stderr?.trim().split('\n').at(-1) ?? '') || message.split('\n')[0] || 'unknown error' };
  }
}
