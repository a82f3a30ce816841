import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeGlobalsLazy } from '../../../scripts/vite/lazy-chakra-globals';

const require = createRequire(import.meta.url);
/** The installed Chakra's system module, as Vite reads it. */
const chakraSystem = readFileSync(join(require.resolve('@chakra-ui/react/package.json'), '../dist/esm/styled-system/system.js'), 'utf8');

describe('lazy-chakra-globals', () => {
  it("turns the installed Chakra's eager global styles into a getter that builds them on first read", () => {
    const lazy = makeGlobalsLazy(chakraSystem);
    expect(lazy).not.toContain('const _global = [');
    expect(lazy).toContain('get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    // Nothing else changes.
    expect(lazy.replace(/let _global;| {4}get _global\(\) \{[^}]*\},\n/g, '')).toBe(
      chakraSystem.replace(/const _global = \[[^\]]*\];| {4}_global,\n/g, ''),
    );
  });

  it('stops the build, naming itself, when Chakra builds its system in some other way', () => {
    expect(() => makeGlobalsLazy(chakraSystem.replace('getTokenCss()];', 'getTokenCss(), extra()];'))).toThrow(
      /lazy-chakra-globals: Chakra's createSystem no longer builds `_global`/,
    );
    expect(() => makeGlobalsLazy('export const x = 1;')).toThrow(/Update the plugin/);
  });

  it('is what the built site runs: its style system builds no global styles until they are read', () => {
    const assets = join(import.meta.dirname, '../../../dist/assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    const lazy = scripts.filter((file) => /get _global\(\)\{return \w+\?\?=\[/.test(readFileSync(join(assets, file), 'utf8')));
    expect(lazy).toHaveLength(1);
  });
});
