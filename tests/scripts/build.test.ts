import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadScripts } from '../../scripts/build/bundles/first-load-bytes';
import { outputFileOfRoute } from '../../scripts/content/route-of-file';
import { loadSite } from '../../scripts/content/load-site';
import { textOf } from '../render-to-html';
import { postedAgo } from '../../src/blocks/job-detail/posted-ago';
import { escapeHtml } from '../../src/render/escape-html';
import { createSiteSystem } from '../../src/theme/create-site-system';
import { serializeStyles } from '@emotion/serialize';
import { root } from '../helpers/project';

const dist = join(root, 'dist');
const { site, pages } = loadSite(root);
const read = (file: string): string => {
  if (!existsSync(join(dist, file))) throw new Error(`dist/${file} is missing: run npm run build before these tests (npm test does).`);
  return readFileSync(join(dist, file), 'utf8');
};

/** Where the page's first block ends: each block renders in a Suspense boundary (<!--$-->…<!--/$-->) of its own. */
function firstBlockEnd(html: string): number {
  const marks = /<!--(\/?)\$[?!]?-->/g;
  marks.lastIndex = html.indexOf('<main');
  let depth = 0;
  for (let match = marks.exec(html); match; match = marks.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return marks.lastIndex;
  }
  return html.length;
}

describe('build', () => {
  it('prerenders every page with its title, description, canonical URL and one h1', () => {
    for (const { route, page } of pages) {
      const html = read(outputFileOfRoute(route));
      expect(html, route).toContain(
        `<title>${route === '/' ? `${site?.name} – ${page.title}` : `${page.title} – ${site?.name}`}</title>`.replace(/&/g, '&amp;'),
      );
      expect(html, route).toContain(`<meta name="description" content="${escapeHtml(page.description)}">`);
      expect(html, route).toContain(`<link rel="canonical" href="${site?.baseUrl}${route}">`);
      expect(html.match(/<h1[\s>]/g), route).toHaveLength(1);
    }
  });

  it('puts the page content and its CSS in the HTML, so the page reads without JavaScript', () => {
    const html = read('about/index.html');
    // Under an attribute of the site's own, which the browser's cache reads (src/runtime/page-style-cache.ts), not Emotion's.
    expect(html).toMatch(/<style data-emotion-prerendered="css [^"]+">/);
    expect(html).not.toContain('data-emotion=');
    // After the page's stylesheets, where Emotion adds rules in the browser.
    expect(html.lastIndexOf('<link rel="stylesheet"')).toBeLessThan(html.indexOf('<style'));
    expect(textOf(html)).toContain('Good Rapport');
    expect(html).not.toMatch(/<body>[\s\S]*<style/);
  });

  it('keeps every block inline, with no inline script a strict CSP or a visitor without JavaScript would miss', () => {
    for (const { route } of pages) {
      const html = read(outputFileOfRoute(route));
      expect(html, route).not.toContain('<template');
      // A JSON-LD data block is never executed; anything else without src would be.
      expect(html.match(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g), route).toBeNull();
    }
  });

  it("loads no framework on a page without interactive blocks: the boot script and the bar's own script, no React", () => {
    const manifest = JSON.parse(read('.vite/manifest.json')) as Record<string, { file: string }>;
    const chunk = (module: string): string => manifest[module]?.file ?? `(no chunk for ${module})`;
    const html = read('about/index.html');
    expect(html).toContain('data-island="navBar"');
    // One script tag, the boot script, which fetches the bar's script alongside it.
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html).not.toContain('rel="modulepreload"');
    expect(firstLoadScripts(html)).toEqual([chunk('src/client/boot.ts'), chunk('src/layout/nav-bar/script.ts')]);
    // A script island carries no props for React: the bar's whole menu is not written twice more.
    expect(html).not.toMatch(/data-island="navBar"[^>]*data-props/);
    const home = read('index.html');
    // The banner video is at the top: its script is fetched at once. The ticker needs React: it loads when scrolled near; its CSS is in <head>.
    expect(firstLoadScripts(home)).toContain(chunk('src/blocks/banner/hero-video/script.ts'));
    expect(firstLoadScripts(home).join(' ')).not.toMatch(/Ticker-|hydrate-island-/);
    expect(home).toMatch(/stylesheet" href="\/assets\/Ticker-[^"]+\.css"/);
    // None of what either page loads at once is React: its production build names its error page in every message.
    const loadedAtOnce = [...firstLoadScripts(html), ...firstLoadScripts(home)].map((file) => read(file)).join('\n');
    expect(loadedAtOnce).not.toContain('react.dev/errors');
    // The marker is real: React's chunk, fetched once an island that needs React nears the viewport, holds it.
    const scripts = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
    expect(scripts.filter((file) => read(`assets/${file}`).includes('react.dev/errors')).length).toBeGreaterThan(0);
  });

  it('draws icons into the HTML and ships no icon code: no script holds the icon set', () => {
    const testing = read('testing/index.html');
    expect(testing).toMatch(/<svg [^>]*class="lucide lucide-[a-z-]+"/);
    const scripts = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((file) => read(`assets/${file}`).includes('lucide'))).toEqual([]);
  });

  it('carries none of the visual editor: no module of it in the manifest, none of its code or words in any file', () => {
    const manifest = JSON.parse(read('.vite/manifest.json')) as Record<string, { src?: string; file: string }>;
    expect(Object.keys(manifest).filter((key) => key.includes('editor'))).toEqual([]);
    // Strings only the editor's code holds: its API, its storage key, its palette and its preview marker.
    const editorOnly = ['__editor', 'page-editor:', 'Add a block', 'data-editor-'];
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(js|html|css|json|txt|xml)$/.test(file));
    expect(files.filter((file) => file.endsWith('.html')).length).toBeGreaterThanOrEqual(pages.length);
    const found = files.flatMap((file) => editorOnly.filter((text) => read(file).includes(text)).map((text) => `${file}: ${text}`));
    expect(found).toEqual([]);
    expect(existsSync(join(dist, 'edit')) || existsSync(join(dist, '__editor'))).toBe(false);
  });

  it('gives every picture on every page its width, height and text alternative, and loads those below the top lazily', () => {
    const missing: string[] = [];
    for (const { route } of pages) {
      for (const [img = ''] of read(outputFileOfRoute(route)).matchAll(/<img [^>]*>/g)) {
        for (const attribute of ['width', 'height', 'alt'])
          if (!new RegExp(` ${attribute}="[^"]*"`).test(img)) missing.push(`${route}: ${attribute} of ${img.slice(0, 80)}`);
      }
    }
    expect(missing).toEqual([]);
    // The testing page's introduction picture is seen at once; its cards' section is further down and has none.
    expect(read('testing/index.html')).toMatch(/<img src="\/images\/pages\/testing\.svg"[^>]* width="640" height="420"(?![^>]*loading)/);
    // The wall of client logos is written into the home page: no request per logo.
    const home = read('index.html');
    expect(home).toMatch(/<img src="data:image\/svg\+xml,[^"]+" alt="Harbor Bank" width="157" height="48"/);
    expect(home).not.toContain('/images/clients/');
    // A page preloads only the pictures seen first: the bar's logos and those of its first block.
    const early: string[] = [];
    for (const { route } of pages) {
      const html = read(outputFileOfRoute(route));
      const end = firstBlockEnd(html);
      for (const [, href = ''] of html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)) {
        const at = html.indexOf(`<img src="${href}"`, html.indexOf('<body'));
        if (!href.startsWith('/images/brand/') && !(at !== -1 && at < end)) early.push(`${route} preloads ${href}`);
      }
    }
    expect(early).toEqual([]);
  });

  it('shows at least one picture or icon in the content of every page a visitor reads', () => {
    const bare: string[] = [];
    for (const { route, page } of pages) {
      if (page.layout === 'navigationOnly') continue;
      const main = read(outputFileOfRoute(route)).match(/<main[\s>].*<\/main>/s)?.[0] ?? '';
      if (!/<img |<svg [^>]*class="lucide /.test(main)) bare.push(route);
    }
    expect(bare).toEqual([]);
  });

  it('declares on each page the design tokens its CSS reads, and only those (the browser adds the rest when scripts start)', () => {
    const name = String.raw`--chakra-(?:[\w-]|\\.)+`;
    // The tokens as the unpruned global sheet declares them: the site's system, serialised.
    const all = new Set(
      [...serializeStyles([createSiteSystem().getTokenCss() as never]).styles.matchAll(new RegExp(`(${name}):`, 'g'))].map(
        ([, token]) => token,
      ),
    );
    const faults: string[] = [];
    for (const { route } of pages) {
      const html = read(outputFileOfRoute(route));
      const layer = html.match(/@layer tokens\{.*?\}\}/s)?.[0] ?? '';
      const declared = new Set([...layer.matchAll(new RegExp(`(${name}):`, 'g'))].map(([, token]) => token));
      const declaredAnywhere = new Set([...html.matchAll(new RegExp(`(${name}):`, 'g'))].map(([, token]) => token));
      const read_ = new Set([...html.matchAll(new RegExp(`var\\((${name})`, 'g'))].map(([, token]) => token));
      for (const token of read_)
        if (all.has(token) && !declaredAnywhere.has(token)) faults.push(`${route} reads ${token} but does not declare it`);
      for (const token of declared) if (!read_.has(token)) faults.push(`${route} declares ${token}, which nothing on it reads`);
      if (declared.size > all.size / 2) faults.push(`${route} declares ${declared.size} of ${all.size} tokens`);
    }
    expect(faults).toEqual([]);
    expect(all.size).toBeGreaterThan(300);
  });

  it('writes each menu link into the bar twice, in the desktop menus and in the phone menu: plain HTML, so each works without JavaScript', () => {
    const html = read('about/index.html');
    const bar = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    const links = [...bar.matchAll(/<a href="([^"]+)"/g)].map(([, href]) => href);
    const menu = (site?.nav.items ?? []).flatMap((item) =>
      item.href ? [item.href] : (item.groups ?? []).flatMap((group) => group.links.map((link) => link.href)),
    );
    expect(menu.length).toBeGreaterThan(20);
    // The logo's link home, each menu link in the desktop menus, then each in the phone menu.
    expect(links).toEqual(['/', ...menu, ...menu]);
  });

  it('names on each page one stylesheet for the whole site that declares every token, for the browser to add', () => {
    const named = new Set(pages.map(({ route }) => read(outputFileOfRoute(route)).match(/<style data-tokens-pruned="([^"]+)"/)?.[1]));
    expect([...named]).toHaveLength(1);
    const [href = ''] = named;
    expect(href).toMatch(/^\/assets\/tokens-[0-9a-f]{10}\.css$/);
    const sheet = read(href.slice(1));
    const declared = new Set([...sheet.matchAll(/(--chakra-(?:[\w-]|\\.)+):/g)].map(([, token]) => token));
    // Every token with a value (CSS drops a declaration whose value is blank, as --chakra-blurs-none's is).
    const all = [...serializeStyles([createSiteSystem().getTokenCss() as never]).styles.matchAll(/(--chakra-(?:[\w-]|\\.)+):\s*[^\s;]/g)];
    expect(all.length).toBeGreaterThan(300);
    expect(all.filter(([, token]) => !declared.has(token ?? '')).map(([, token]) => token)).toEqual([]);
    expect(sheet.startsWith('@layer tokens{:where(:root, :host){')).toBe(true);
  });

  it('has no dead internal link, image or asset on any page', () => {
    const dead: string[] = [];
    for (const { route } of pages) {
      const html = read(outputFileOfRoute(route));
      for (const [, url = ''] of html.matchAll(/(?:href|src|poster)="(\/[^"#?]*)/g)) {
        const target = url === '/' ? 'index.html' : url.slice(1);
        if (!existsSync(join(dist, target)) && !existsSync(join(dist, outputFileOfRoute(url.replace(/\/$/, '') || '/'))))
          dead.push(`${route} → ${url}`);
      }
    }
    expect(dead).toEqual([]);
  });

  it('gives every page a unique title and description, Open Graph and Twitter tags with an image', () => {
    // A page hidden from search may repeat another (/career-detail shows a job that has its own page).
    const indexed = pages.filter(({ page }) => !page.hiddenFromSearch);
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { route, page } of pages) {
      const html = read(outputFileOfRoute(route));
      if (!page.hiddenFromSearch) titles.add(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');
      if (!page.hiddenFromSearch) descriptions.add(page.description);
      for (const tag of ['og:title', 'og:description', 'og:url', 'og:image', 'twitter:card', 'twitter:image'])
        expect(html, `${route} ${tag}`).toMatch(new RegExp(`<meta (property|name)="${tag}" content="[^"]+">`));
      expect(html, route).toContain(`<meta property="og:image" content="${site?.baseUrl}/images/brand/social-card.jpg">`);
    }
    expect(titles.size).toBe(indexed.length);
    expect(descriptions.size).toBe(indexed.length);
  });

  it('describes the organisation to search engines on the home page', () => {
    const json = read('index.html').match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1];
    expect(JSON.parse(json ?? '{}')).toMatchObject({ '@type': 'Organization', name: site?.name, url: `${site?.baseUrl}/` });
  });

  it('writes the security headers for static hosts, the same the server sends', () => {
    const headers = read('_headers');
    expect(headers).toMatch(/^\/\*\n/);
    expect(headers).toContain("Content-Security-Policy: default-src 'self'; script-src 'self';");
    expect(headers).toContain("frame-ancestors 'none'");
    expect(headers).not.toContain('unsafe-eval');
    expect(headers).toContain('Strict-Transport-Security: max-age=31536000');
    expect(read('nginx-headers.conf')).toContain('add_header Referrer-Policy "strict-origin-when-cross-origin" always;');
    expect(read('nginx-headers.conf')).toContain('add_header Strict-Transport-Security "max-age=31536000" always;');
  });

  it('writes a not-found page, a sitemap of every route and a robots.txt pointing to it', () => {
    expect(textOf(read('404.html'))).toContain('404 Not Found');
    const sitemap = read('sitemap.xml');
    for (const { route, page } of pages) {
      if (page.hiddenFromSearch) expect(sitemap, route).not.toContain(`<loc>${site?.baseUrl}${route}</loc>`);
      else expect(sitemap, route).toContain(`<loc>${site?.baseUrl}${route}</loc>`);
    }
    expect(read('robots.txt')).toContain(`Sitemap: ${site?.baseUrl}/sitemap.xml`);
  });

  it('says on each job’s page how long before the build it was posted, counted from its date', () => {
    const file = outputFileOfRoute('/careers/ux-ui-designer');
    // The build counts to the day it ran, the day it wrote the page.
    const built = statSync(join(dist, file)).mtime.toISOString().slice(0, 10);
    const words = postedAgo('2026-11-03', built, site?.language ?? 'en');
    expect(textOf(read(file))).toContain(`Posted on 3 November 2026 · ${words}`);
  });

  it('keeps a page hidden from search out of the sitemap and marks it noindex', () => {
    expect(pages.filter(({ page }) => page.hiddenFromSearch).map(({ route }) => route)).toEqual(['/career-detail', '/navigation']);
    expect(read('navigation/index.html')).toContain('<meta name="robots" content="noindex">');
    expect(read('career-detail/index.html')).toContain('<meta name="robots" content="noindex">');
    expect(read('sitemap.xml')).not.toContain('/career-detail<');
    expect(read('sitemap.xml')).toContain('/careers/ux-ui-designer<');
    expect(read('sitemap.xml')).not.toContain('/navigation<');
    expect(read('about/index.html')).not.toContain('noindex');
  });
});
