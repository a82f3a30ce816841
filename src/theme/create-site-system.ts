import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  buttonRecipe,
  containerRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  skipNavLinkRecipe,
  spinnerRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { textStyles } from './text-styles';
import { colors, durations, fonts, semanticColors } from './tokens';

/** The colour palettes of Chakra's theme the site uses (forms use red, the navigation white and black alphas). */
const PALETTES = ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha', 'gray', 'red', 'teal'];

/** Chakra's keyframes the site's recipes name (the spinner's and the dialog backdrop's). */
const USED_KEYFRAMES = ['spin', 'fade-in'];

const pick = <T extends object>(record: T, keys: string[]): Partial<T> =>
  Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key))) as Partial<T>;

/** A semantic token's light value only: the site has no dark mode, so its pages carry no dark variables. */
const lightOnly = (node: unknown): unknown => {
  if (typeof node !== 'object' || node === null) return node;
  const value = (node as { value?: unknown }).value;
  if (typeof value === 'object' && value !== null && '_light' in value) return { ...node, value: (value as { _light: unknown })._light };
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, lightOnly(child)]));
};

/**
 * The site's design system. It starts from Chakra's base (conditions and utilities, no
 * recipes) and adds only the Chakra recipes the site uses (the site's own recipes, in
 * recipes.ts, are bound to their components with `chakra(tag, recipe)`): building Chakra's full default system
 * costs the browser tens of milliseconds on every page for recipes no block renders.
 */
const config = defineConfig({
  preflight: true,
  globalCss: {
    // A link to an anchor (/about#team) lands below the sticky navigation bar, not under it.
    html: { colorPalette: 'brand', scrollPaddingTop: '16' },
    'html, body': { bg: 'surface.page', color: 'text.body', fontFamily: 'body', textStyle: 'body' },
    // The page fills the window at least, its main part growing: a short page (the 404) ends with the footer at the bottom, not a white strip under it.
    '#root': { display: 'flex', flexDirection: 'column', minHeight: '100dvh' },
    '#content': { flexGrow: 1 },
    '*:focus-visible': { outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    '*, *::before, *::after': {
      '@media (prefers-reduced-motion: reduce)': {
        animationDuration: '0.01ms !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    // Breakpoints: sm 576, md 768, lg 992, xl 1200, 2xl 1400.
    breakpoints: { sm: '576px', md: '768px', lg: '992px', xl: '1200px', '2xl': '1400px' },
    // Only the animations in use (every keyframe is in the global style of every page): the
    // spinner's spin, the dialog's backdrop fading in and the dialog rising into place
    // (modalRecipe in recipes.ts). tests/layout/theme.test.ts checks that each one named is here.
    keyframes: {
      ...pick(keyframes, USED_KEYFRAMES),
      'modal-in': { from: { opacity: 0, transform: 'translateY(1rem) scale(0.98)' }, to: { opacity: 1, transform: 'none' } },
    },
    // Only the palettes in use: every token is a CSS variable on every page, and building
    // each one costs the browser time before the first island can hydrate.
    tokens: { ...tokens, colors: { ...pick(tokens.colors, PALETTES), ...colors }, durations: { ...tokens.durations, ...durations }, fonts },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: { ...pick(semanticTokens.colors, ['bg', 'fg', 'border', ...PALETTES]), ...semanticColors },
    }) as typeof semanticTokens,
    textStyles,
    // The one layer style Chakra's button recipe names: a disabled button (`_disabled: { layerStyle: 'disabled' }`)
    // is half-transparent with a not-allowed cursor; without it, a disabled Save looked like one that works.
    layerStyles: pick(layerStyles, ['disabled']) as typeof layerStyles,
    recipes: {
      button: buttonRecipe,
      container: containerRecipe,
      link: linkRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
    },
  },
});

/**
 * Builds the system. Building it is the costliest step of starting the page's code, so the
 * browser calls this in a task of its own (src/runtime/Providers.tsx), not while loading modules.
 * Both configurations go to createSystem, which merges them itself: merging them beforehand
 * would copy the whole configuration once more.
 */
export const createSiteSystem = () => createSystem(defaultBaseConfig, config);
