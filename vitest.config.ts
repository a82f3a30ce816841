import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (Node: validator, schemas, registry, components rendered to HTML,
 * prerendered output, server) and `browser` (one Chromium for the whole suite, against the
 * built site served once). `npm test` builds the site before running them.
 *
 * Tests wait for the state they expect, never for a time: the limits below only end a test that
 * would otherwise hang, and are far beyond what any test takes on a busy machine (the suite ran
 * at load averages of 8-20 on two cores, where a browser test that takes 20 s idle took 7
 * minutes). A test file sets no shorter limit of its own; `expect.poll` polls as long.
 */
const HANG_MS = 20 * 60_000;
export default defineConfig({
  plugins: [react()],
  test: {
    expect: { poll: { timeout: 180_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/browser/**'],
          environment: 'node',
          testTimeout: HANG_MS,
          hookTimeout: HANG_MS,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          fileParallelism: false,
          testTimeout: HANG_MS,
          hookTimeout: HANG_MS,
        },
      },
    ],
  },
});
