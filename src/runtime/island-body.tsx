import type { ComponentType, ReactNode } from 'react';
import { BlockFrame } from './block-frame';

export interface IslandProps<P extends object> {
  /** The key of the island's loader in `islands` (src/runtime/islands.ts). */
  name: string;
  /** Unique on the page and the same on server and client: the prefix of the island's `useId`s. */
  id: string;
  component: ComponentType<P>;
  props: P;
  /** The notice shown if the island fails to render. */
  notice: string;
}

/**
 * What an island renders, identically on the server and when the browser hydrates it.
 * `after` renders beside the block inside its Suspense boundary, which React may hydrate
 * later than the root: the browser puts a marker there that renders nothing and notes when
 * the block itself has hydrated.
 */
export function IslandBody<P extends object>({ name, component: Rendered, props, notice, after }: IslandProps<P> & { after?: ReactNode }) {
  return (
    <BlockFrame name={name} notice={notice}>
      <Rendered {...props} />
      {after}
    </BlockFrame>
  );
}

/** The identifierPrefix of an island's root, on the server and in the browser. */
export const idPrefixOf = (id: string): string => `${id}-`;
