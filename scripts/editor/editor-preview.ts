/**
 * The editor's preview: a draft rendered by the site's own renderer, loaded through Vite so
 * that a change to the site's code shows at once, with each block marked for the editor to
 * find; and the preview document, the site's own document around a first render.
 */
import { join } from 'node:path';
import type { ViteDevServer } from 'vite';
import type { Rendered } from '../../src/editor/api-types';
import { escapeHtml } from '../../src/render/escape-html';
import type { ServerEntry } from '../build/prerender';
import { entryOf, fillTemplate, resolvePage } from '../content/collections';
import { parseJsonWithPositions } from '../content/json-position';
import { loadSite } from '../content/load-site';
import { loadSchemaSet } from '../content/schema-set';
import { createValidator } from '../content/validator';
import { BOOT_ENTRY, SERVER_ENTRY } from '../vite/entries';
import type { Workspace } from './workspace';

type RenderedPage = Parameters<ServerEntry['renderRoute']>[2];

export interface EditorPreview {
  /**
   * The page a draft shows as, rendered by the site's own renderer with each block marked;
   * with `only`, that block alone (a page's draft only: the editor asks for it when no other
   * part of the page changed).
   */
  render(path: string, value: unknown, only?: unknown): Promise<Rendered>;
  /** The preview document for `path` (or none yet), with the preview's own script. */
  document(url: string, path: string | null): Promise<string>;
  /** Forget the schemas read: one changed on disk. */
  forget(): void;
}

const NO_SITE = 'The site file has problems: fix them to see a preview.';
const nothing = (message: string): Rendered => ({ route: '/', body: '', head: '', message });

export function editorPreview(vite: ViteDevServer, workspace: Workspace): EditorPreview {
  let cachedValidator: { validator: ReturnType<typeof createValidator>; set: ReturnType<typeof loadSchemaSet> } | undefined;
  const validator = () => {
    if (!cachedValidator) {
      const set = loadSchemaSet(join(workspace.root, 'schemas'));
      cachedValidator = { validator: createValidator(set), set };
    }
    return cachedValidator;
  };
  const serverEntry = async (): Promise<ServerEntry> => (await vite.ssrLoadModule(`/${SERVER_ENTRY}`)) as ServerEntry;

  async function render(path: string, value: unknown, only?: unknown): Promise<Rendered> {
    const absolute = workspace.contentPath(path);
    const entry = await serverEntry();
    const loaded = workspace.site();
    const file = workspace.fileAt(absolute);
    if (file?.kind === 'page') {
      // The fast path, for a page: the draft is checked alone (for its defaults and references) against what is on disk.
      const site = loaded.site;
      if (!site) return nothing(NO_SITE);
      const { validator: check, set } = validator();
      const draft = structuredClone(value);
      const doc = check.checkValue('page.schema.json', path, parseJsonWithPositions(JSON.stringify(draft)), draft);
      const page = resolvePage(doc.value, doc.refs, loaded.entries, set) as RenderedPage;
      const route = loaded.pages.find((candidate) => candidate.file === path)?.route ?? file.route;
      const block =
        Number.isInteger(only) && (only as number) >= 0 && (only as number) < (page?.blocks?.length ?? 0) ? (only as number) : undefined;
      const rendered = await entry.renderRoute(site, route, page, { preview: true, only: block });
      return { route, body: rendered.body, head: rendered.styles, ...(block === undefined ? {} : { only: block }) };
    }
    // Templates, entries and the site file: the site as it would be with this draft.
    const text = workspace.textOf(absolute, value);
    const site = loadSite(workspace.root, workspace.pagesDir, { overlay: new Map([[absolute, text]]) });
    if (!site.site) return nothing(NO_SITE);
    let shown = site.pages.find((candidate) => candidate.route === '/');
    if (file?.kind === 'template') {
      shown = site.pages.find((candidate) => candidate.file === path);
      if (!shown) {
        const { collection } = file;
        const first = [...(site.entries.get(collection)?.values() ?? [])][0];
        if (!first) return nothing(`There is no entry in ${collection} to show this template with.`);
        const filled = fillTemplate(value, first).value;
        const { validator: check, set } = validator();
        const doc = check.checkValue('page.schema.json', path, parseJsonWithPositions(JSON.stringify(filled)), filled);
        const page = resolvePage(doc.value, doc.refs, site.entries, set) as RenderedPage;
        const rendered = await entry.renderRoute(site.site, first.href ?? '/', page, { preview: true });
        return { route: first.href ?? '/', body: rendered.body, head: rendered.styles };
      }
    } else if (file?.kind === 'entry') {
      const { collection, id } = file;
      const own = entryOf(site.entries, { collections: [collection], id })?.href;
      shown =
        site.pages.find((candidate) => candidate.route === own) ??
        site.pages.find((candidate) => JSON.stringify(candidate.page).includes(`"id":${JSON.stringify(id)}`)) ??
        shown;
      if (!shown) return nothing('No page shows this entry yet: name its id in a block to see it.');
    }
    if (!shown) return nothing('Nothing to show yet.');
    // A template's page shows its blocks marked for editing; an entry or the site file is shown on a page as the site has it.
    const rendered = await entry.renderRoute(site.site, shown.route, shown.page, { preview: file?.kind === 'template' });
    return { route: shown.route, body: rendered.body, head: rendered.styles };
  }

  async function document(url: string, path: string | null): Promise<string> {
    const entry = await serverEntry();
    const site = workspace.site().site;
    let body = '';
    let head = '';
    let route = '/';
    if (path) {
      try {
        const opened = workspace.open(path);
        ({ body, head, route } = await render(path, opened.value));
      } catch {
        // A new file, or one that cannot be read yet: the editor sends its draft next.
      }
    }
    const html = site
      ? entry.renderDocument({
          site,
          route: '/',
          page: undefined,
          body,
          head,
          scripts: `<script type="module" src="/${BOOT_ENTRY}" data-modules=""></script><script type="module" src="/src/editor/preview/preview-client.ts" data-route="${escapeHtml(route)}"></script>`,
        })
      : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview</title></head><body><p>${NO_SITE}</p></body></html>`;
    return vite.transformIndexHtml(url, html);
  }

  return {
    render,
    document,
    forget: () => {
      cachedValidator = undefined;
    },
  };
}
