import { defineRecipe } from '@chakra-ui/react';

/** A page section: consistent vertical rhythm and one of three tones. */
export const sectionRecipe = defineRecipe({
  className: 'section',
  base: { py: { base: '10', md: '14', lg: '16' } },
  variants: {
    tone: {
      light: { bg: 'surface.page', color: 'text.body' },
      sunken: { bg: 'surface.sunken', color: 'text.body' },
      dark: { bg: 'surface.dark', color: 'text.onDark' },
    },
  },
  defaultVariants: { tone: 'light' },
});

/**
 * The one card look of the site: a raised white surface with a hairline border. A card that
 * leads somewhere (`link`) is a link as a whole: its title's link covers the card, and the
 * card lifts on hover and shows the focus ring when the link has focus. A card that leads
 * nowhere stays still.
 */
export const surfaceCardRecipe = defineRecipe({
  className: 'surface-card',
  base: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    p: { base: '5', md: '6' },
    bg: 'surface.raised',
    color: 'text.body',
    borderWidth: '1px',
    borderColor: 'line.default',
    borderRadius: 'xl',
    boxShadow: 'xs',
  },
  variants: {
    link: {
      true: {
        transitionProperty: 'box-shadow, transform, border-color',
        transitionDuration: 'moderate',
        '& a[data-card-link]': { color: 'inherit', textDecoration: 'none', outline: 'none' },
        '& a[data-card-link]::after': { content: '""', position: 'absolute', inset: '0', borderRadius: 'inherit' },
        '& [data-card-arrow]': { transitionProperty: 'transform', transitionDuration: 'moderate' },
        _hover: {
          boxShadow: 'md',
          borderColor: 'brand.emphasized',
          transform: 'translateY(-2px)',
          '& [data-card-arrow]': { transform: 'translateX(4px)' },
        },
        '&:has(a[data-card-link]:focus-visible)': { outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
        _motionReduce: { transitionDuration: '0s', _hover: { transform: 'none' } },
      },
      false: {},
    },
    /** accent: a card set apart beside the main content (a contact card, key facts). */
    tone: { plain: {}, accent: { bg: 'brand.subtle', borderColor: 'brand.muted' } },
  },
  defaultVariants: { link: false, tone: 'plain' },
});

/** An icon named in a page file, in a tinted square above or beside a card's title. */
export const iconMarkRecipe = defineRecipe({
  className: 'icon-mark',
  base: {
    display: 'inline-grid',
    placeItems: 'center',
    flexShrink: 0,
    boxSize: '11',
    borderRadius: 'lg',
    bg: 'brand.subtle',
    color: 'brand.fg',
    '& svg, & img': { width: '6', height: '6' },
  },
  variants: {
    /** dark: on the dark header, a light outline around a white mark. */
    tone: { light: {}, dark: { bg: 'whiteAlpha.100', color: 'white', borderWidth: '1px', borderColor: 'whiteAlpha.300' } },
    /** large: beside the page's h1. */
    size: {
      /** small: beside a line of text, as in a list of facts. */
      sm: { boxSize: '8', borderRadius: 'md', '& svg': { width: '4', height: '4' } },
      md: {},
      lg: {
        boxSize: { base: '12', md: '16' },
        borderRadius: 'xl',
        '& svg': { width: { base: '7', md: '9' }, height: { base: '7', md: '9' } },
        // A logo keeps its shape: as tall as an icon, and a wide one widens the box.
        '&:has(img)': { width: 'auto', minWidth: { base: '12', md: '16' }, px: { base: '2.5', md: '3.5' } },
        '& img': { width: 'auto', height: { base: '7', md: '9' } },
      },
    },
  },
  defaultVariants: { tone: 'light', size: 'md' },
});

/** A small uppercase label above a heading. */
export const eyebrowRecipe = defineRecipe({
  className: 'eyebrow',
  base: { textStyle: 'eyebrow', color: 'brand.fg' },
  variants: { tone: { light: {}, dark: { color: 'text.accentOnDark' } } },
  defaultVariants: { tone: 'light' },
});

/** A link set in running text or under a card: brand colour, underlined, the underline clear of descenders. */
export const textLinkRecipe = defineRecipe({
  className: 'text-link',
  base: { color: 'brand.fg', fontWeight: '600', textDecoration: 'underline', textUnderlineOffset: '3px' },
});

/** Every form control (input, select, textarea) of the site, with its invalid and focus states. */
export const controlRecipe = defineRecipe({
  className: 'control',
  base: {
    display: 'block',
    w: 'full',
    minH: '11',
    px: '3',
    py: '2',
    bg: 'white',
    color: 'text.body',
    borderWidth: '1px',
    borderColor: 'ink.400',
    borderRadius: 'md',
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: 'fast',
    _hover: { borderColor: 'ink.600' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' },
    _invalid: { borderColor: 'red.600', boxShadow: '0 0 0 1px {colors.red.600}' },
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
});

/**
 * The site's modal dialog (src/dialogs/ModalDialog.tsx, on the browser's <dialog>): a raised
 * panel that slides in over 300 ms while its backdrop fades in over 150 ms.
 */
export const modalRecipe = defineRecipe({
  className: 'modal',
  base: {
    w: 'calc(100% - 2rem)',
    maxH: 'calc(100dvh - 2rem)',
    m: 'auto',
    p: '0',
    bg: 'surface.raised',
    color: 'text.body',
    borderRadius: 'xl',
    boxShadow: '2xl',
    overflow: 'visible',
    // Keyframes: modal-in is the site's (src/theme/create-site-system.ts), fade-in Chakra's.
    '&[open]': { animationName: 'modal-in', animationDuration: 'modal', animationTimingFunction: 'ease-out' },
    '&::backdrop': { bg: 'ink.950/60', animationName: 'fade-in', animationDuration: 'backdrop', animationTimingFunction: 'ease-out' },
  },
  variants: {
    size: { sm: { maxW: 'sm' }, lg: { maxW: 'lg' } },
  },
  defaultVariants: { size: 'lg' },
});
