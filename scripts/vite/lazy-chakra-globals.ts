import type { Plugin } from 'vite';

/** Chakra's module that builds a style system (`createSystem`), as the site's version ships it. */
const CHAKRA_SYSTEM_MODULE = /@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = '    _global,\n';

/**
 * Chakra's `createSystem` writes the system's global styles (the reset, the global CSS and every
 * token as a CSS variable) while it builds the system: a third of the time the browser spends on
 * it, in one task before any island can hydrate. A page's HTML already holds those styles and
 * an island never writes them (src/runtime/Providers.tsx), so the browser has no use for them.
 * This makes `system._global` a getter that writes them when first read, as the prerenderer and
 * the editor's preview do. `createSystem`'s result is otherwise unchanged.
 *
 * Chakra is pinned to one version (package.json); if its code no longer reads as expected, the
 * build stops here instead of shipping an unpatched system without a word.
 */
export function lazyChakraGlobals(): Plugin {
  return {
    name: 'lazy-chakra-globals',
    transform(code, id) {
      if (!CHAKRA_SYSTEM_MODULE.test(id.split('?')[0]?.replaceAll('\\', '/') ?? '')) return null;
      return { code: makeGlobalsLazy(code), map: null };
    },
  };
}

/** Chakra's system module with `_global` computed on first read. */
export function makeGlobalsLazy(code: string): string {
  if (!code.includes(EAGER) || code.split(FIELD).length !== 2)
    throw new Error(
      "lazy-chakra-globals: Chakra's createSystem no longer builds `_global` as this plugin expects " +
        '(scripts/vite/lazy-chakra-globals.ts). Update the plugin for the new version of @chakra-ui/react, or remove it from vite.config.ts.',
    );
  return code
    .replace(EAGER, 'let _global;')
    .replace(FIELD, '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n');
}
