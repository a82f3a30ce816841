import { defineSemanticTokens, defineTokens } from '@chakra-ui/react';

/**
 * The brand palette. Blue carries trust and the links and buttons; teal is the accent on
 * dark sections; ink is the near-black navy of text and dark bands. Every pair the recipes
 * use (white on brand.600, ink on white, teal.300 on ink.950) passes WCAG AA contrast.
 */
export const colors = defineTokens.colors({
  brand: {
    50: { value: '#eef4ff' },
    100: { value: '#d9e6ff' },
    200: { value: '#b5ccff' },
    300: { value: '#86a9fb' },
    400: { value: '#5a83f2' },
    500: { value: '#3a62e0' },
    600: { value: '#2a4bc2' },
    700: { value: '#233d9c' },
    800: { value: '#20357c' },
    900: { value: '#1d2f63' },
    950: { value: '#121c3d' },
  },
  accent: {
    200: { value: '#99f6e4' },
    300: { value: '#5eead4' },
    500: { value: '#14b8a6' },
    700: { value: '#0f766e' },
  },
  ink: {
    50: { value: '#f6f7fb' },
    100: { value: '#eceef5' },
    200: { value: '#d5d9e6' },
    400: { value: '#8a93ad' },
    600: { value: '#4a5472' },
    700: { value: '#363f5c' },
    800: { value: '#1f2742' },
    900: { value: '#141a33' },
    950: { value: '#0b1024' },
  },
});

/** The site's transitions: menus collapse in 300 ms, dialogs in 300 ms, their backdrop in 150 ms. */
export const durations = defineTokens.durations({
  collapse: { value: '300ms' },
  modal: { value: '300ms' },
  backdrop: { value: '150ms' },
});

export const fonts = defineTokens.fonts({
  heading: { value: "'Inter Variable', 'Segoe UI', system-ui, -apple-system, sans-serif" },
  body: { value: "'Inter Variable', 'Segoe UI', system-ui, -apple-system, sans-serif" },
});

/** Colour roles, so that recipes say what a colour is for rather than which shade it is. */
export const semanticColors = defineSemanticTokens.colors({
  brand: {
    solid: { value: '{colors.brand.600}' },
    contrast: { value: 'white' },
    fg: { value: '{colors.brand.700}' },
    muted: { value: '{colors.brand.100}' },
    subtle: { value: '{colors.brand.50}' },
    emphasized: { value: '{colors.brand.200}' },
    focusRing: { value: '{colors.brand.500}' },
  },
  surface: {
    page: { value: 'white' },
    raised: { value: 'white' },
    sunken: { value: '{colors.ink.50}' },
    dark: { value: '{colors.ink.950}' },
    /** A shade lighter than the dark bands, so a dark closing section above it does not run into it. */
    footer: { value: '{colors.ink.900}' },
  },
  text: {
    body: { value: '{colors.ink.800}' },
    muted: { value: '{colors.ink.600}' },
    onDark: { value: 'white' },
    onDarkMuted: { value: '{colors.ink.200}' },
    accentOnDark: { value: '{colors.accent.300}' },
  },
  /**
   * Where a published change stands on the live site (the editor's live notes): the bar beside
   * the words, which say it too. Built from the palettes the site carries, so each one is drawn.
   */
  status: {
    going: { value: '{colors.brand.500}' },
    live: { value: '{colors.accent.700}' },
    notLive: { value: '{colors.red.600}' },
    unknown: { value: '{colors.ink.400}' },
  },
  line: {
    subtle: { value: '{colors.ink.100}' },
    default: { value: '{colors.ink.200}' },
    onDark: { value: '{colors.whiteAlpha.200}' },
  },
});
