import { beforeEach, describe, expect, it } from 'vitest';
import { PRUNED_TOKENS_ATTRIBUTE } from '../../src/runtime/Providers';
import { pruneTokenCss } from '../../src/render/prune-token-css';

const page = (tokens: string, rest = '.a{color:var(--c-ink);margin:var(--s-0\\.5)}') =>
  `<style data-emotion="css-global x">@layer base{body{color:red}}@layer tokens{:where(:root, :host){${tokens}}}</style>\n<style data-emotion="css y">${rest}</style>`;

/** Records the stylesheet it is given, as the build writes it, and names its address. */
let written: string[] = [];
const stylesheet = (css: string): string => {
  written.push(css);
  return '/assets/tokens-1.css';
};

describe('pruneTokenCss', () => {
  beforeEach(() => {
    written = [];
  });

  it('keeps the tokens the CSS or the markup reads, and those they read in turn, and drops the rest', () => {
    const styles = page(
      '--c-ink:var(--c-gray-900);--c-gray-900:#111;--c-unused:#222;--s-0\\.5:0.125rem;--s-1:0.25rem;--shadow:0 0 0 1px color-mix(in srgb, var(--c-line) 5%, transparent);--c-line:#ddd',
    );
    const pruned = pruneTokenCss(styles, '<div style="padding:var(--s-1)"></div>', stylesheet);
    expect(pruned).toContain(':where(:root, :host){--c-ink:var(--c-gray-900);--c-gray-900:#111;--s-0\\.5:0.125rem;--s-1:0.25rem;}');
    expect(pruned).not.toContain('--c-unused');
    expect(pruned).not.toContain('--shadow');
    // Everything else is as it was, and the tag names the stylesheet with the full set.
    expect(pruned).toContain('@layer base{body{color:red}}');
    expect(pruned).toContain(`<style ${PRUNED_TOKENS_ATTRIBUTE}="/assets/tokens-1.css" data-emotion="css-global x">`);
    expect(written).toEqual([
      '@layer tokens{:where(:root, :host){--c-ink:var(--c-gray-900);--c-gray-900:#111;--c-unused:#222;--s-0\\.5:0.125rem;--s-1:0.25rem;--shadow:0 0 0 1px color-mix(in srgb, var(--c-line) 5%, transparent);--c-line:#ddd}}',
    ]);
    expect(pruned.endsWith(`<style data-emotion="css y">.a{color:var(--c-ink);margin:var(--s-0\\.5)}</style>`)).toBe(true);
  });

  it('keeps a token read from inside a function that holds parentheses and commas', () => {
    const styles = page(
      '--c-line:#ddd;--shadow:0 0 0 1px color-mix(in srgb, var(--c-line) 5%, transparent);--c-x:#000',
      '.a{box-shadow:var(--shadow)}',
    );
    expect(pruneTokenCss(styles, '', stylesheet)).toContain(
      '{--c-line:#ddd;--shadow:0 0 0 1px color-mix(in srgb, var(--c-line) 5%, transparent);}',
    );
  });

  it('leaves styles without a tokens layer as they are', () => {
    const styles = '<style data-emotion="css y">.a{color:red}</style>';
    expect(pruneTokenCss(styles, '', stylesheet)).toBe(styles);
    expect(written).toEqual([]);
  });
});
