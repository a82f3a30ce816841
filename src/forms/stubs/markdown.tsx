import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx, which RJSF imports to render Markdown in descriptions and
 * help texts. Our forms show neither as Markdown (the UI schemas hold plain text), so the
 * text is rendered as it is, and the form chunk is spared some 25 KB of gzipped parser.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
