/**
 * The editor's preview: a draft rendered by the site's own renderer (built from the project's
 * sources, rebuilt when they change: editor-build.ts), with each block marked for the editor
 * to find; and the preview document, the site's own document, which the editor's first
 * render of the draft fills (a render of the file on disk first would only delay it).
 */
import { SITE_FILE_NAME } from '../../src/content/site-file-name';
import type { Rendered } from '../../src/content/api-types';
import type { ServerEntry } from '../build/render/page-renderer';
import { entryOf, fillTemplate, resolvePage } from '../content/resolve-page';
import { parseJsonWithPositions } from '../content/problems/parse-json-with-positions';
import { type LoadedSite, loadSite } from '../content/load-site';
import { readSchemas } from '../content/schema/read-schemas';
import type { loadSchemaSet } from '../content/schema/schema-set';
import { compiledValidator } from '../content/load-site/site-context';
import type { createValidator } from '../content/checks/create-validator';
import type { EditorBuild } from './editor-build';
import type { Workspace } from './workspace';

type RenderedPage = Parameters<ServerEntry['renderRoute']>[2];

export interface EditorPreview {
  /**
   * The page a draft shows as, rendered by the site's own renderer with each block marked;
   * with `only`, that block alone (a page's draft only: the editor asks for it when no other
   * part of the page changed). `drafts` (by path) are the drafts of other files the browser
   * keeps: those of collection entries are rendered as the site's, the rest left out.
   */
  render(path: string, value: unknown, only?: unknown, drafts?: unknown): Promise<Rendered>;
  /** The preview document, with the preview's own script: empty until the editor sends the draft's render. */
  document(): Promise<string>;
  /** Renders `value` of `path` ahead of the preview's request for it, once the server is free (a page just opened). */
  prepare(path: string, value: unknown): void;
  /** Forget the schemas read: one changed on disk. */
  forget(): void;
}

const NO_SITE = `${SITE_FILE_NAME} have problems: fix them to see a preview.`;
const nothing = (message: string): Rendered => ({ route: '/', body: '', head: '', message });

export function editorPreview(code: Pick<EditorBuild, 'serverEntry' | 'previewScripts'>, workspace: Workspace): EditorPreview {
  let cachedValidator:
    | { validator: ReturnType<typeof createValidator>; set: ReturnType<typeof loadSchemaSet>; site: LoadedSite }
    | undefined;
  // The schemas compiled once for the site and every preview (compiling them takes a fifth of a
  // second), read again with the site: a change to a schema the watcher missed is seen too.
  const validator = () => {
    const site = workspace.site();
    if (cachedValidator?.site !== site) {
      const { set } = readSchemas(workspace.root);
      cachedValidator = { validator: compiledValidator(set), set, site };
    }
    return cachedValidator;
  };
  const serverEntry = (): Promise<ServerEntry> => code.serverEntry();

  /**
   * The texts of the entries' drafts, by absolute path, as loadSite's overlay. Each path is
   * checked as the editor checks every path it opens (a content file inside pages/, never
   * through a link); one that is refused, or is no entry, or is the file being shown, is left out.
   */
  function entryDrafts(drafts: unknown, shown: string): Map<string, string> {
    const overlay = new Map<string, string>();
    if (typeof drafts !== 'object' || drafts === null) return overlay;
    for (const [path, value] of Object.entries(drafts)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      let absolute: string;
      try {
        absolute = workspace.contentPath(path);
      } catch {
        continue;
      }
      if (absolute !== shown && workspace.fileAt(absolute)?.kind === 'entry') overlay.set(absolute, workspace.textOf(absolute, value));
    }
    return overlay;
  }

  /** The site with the entries' drafts, kept while the drafts and the files on disk stay the same (typing in a page changes neither). */
  let withDrafts: { drafts: string; disk: LoadedSite; site: LoadedSite } | undefined;
  function siteWith(overlay: Map<string, string>): LoadedSite {
    const disk = workspace.site();
    if (overlay.size === 0) return disk;
    const drafts = JSON.stringify([...overlay]);
    if (withDrafts?.drafts !== drafts || withDrafts.disk !== disk)
      withDrafts = { drafts, disk, site: loadSite(workspace.root, workspace.pagesDir, { overlay }) };
    return withDrafts.site;
  }

  async function render(path: string, value: unknown, only?: unknown, drafts?: unknown): Promise<Rendered> {
    const absolute = workspace.contentPath(path);
    const entry = await serverEntry();
    const overlay = entryDrafts(drafts, absolute);
    const loaded = siteWith(overlay);
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
    const site = loadSite(workspace.root, workspace.pagesDir, { overlay: new Map([...overlay, [absolute, text]]) });
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

  async function document(): Promise<string> {
    const entry = await serverEntry();
    const site = workspace.site().site;
    return site
      ? entry.renderDocument({ site, route: '/', page: undefined, body: '', head: '', scripts: code.previewScripts() })
      : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview</title></head><body><p>${NO_SITE}</p></body></html>`;
  }

  /**
   * The last renders, by what was asked and the site they were drawn with (a change on disk
   * reads the site again, and so draws anew). A page opened is rendered as it is on disk as
   * soon as the editor has sent it (`prepare`), while the browser still builds its screen: the
   * preview's first request, moments later, finds it ready.
   */
  const RENDERS_KEPT = 8;
  const renders = new Map<string, { site: LoadedSite; rendered: Promise<Rendered> }>();
  function kept(path: string, value: unknown, only?: unknown, drafts?: unknown): Promise<Rendered> {
    const key = JSON.stringify([path, value, only ?? null, drafts ?? {}]);
    const site = workspace.site();
    const found = renders.get(key);
    if (found?.site === site) return found.rendered;
    const rendered = render(path, value, only, drafts);
    renders.delete(key);
    renders.set(key, { site, rendered });
    // A render that failed is asked for again next time.
    rendered.catch(() => renders.get(key)?.rendered === rendered && renders.delete(key));
    for (const old of [...renders.keys()].slice(0, Math.max(0, renders.size - RENDERS_KEPT))) renders.delete(old);
    return rendered;
  }

  return {
    render: kept,
    prepare: (path, value) => void setImmediate(() => kept(path, value).catch(() => undefined)),
    document,
    forget: () => {
      cachedValidator = undefined;
      renders.clear();
    },
  };
}
