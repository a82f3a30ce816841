import type { ComponentType, ReactNode } from 'react';
import { BlockFrame } from './BlockFrame';

export interface IslandFrameProps<P extends object> {
  /** The island's name (its definition's), as in `data-island`. */
  name: string;
  /** Unique on the page and the same on server and client: the prefix of the island's `useId`s. */
  id: string;
  component: ComponentType<P>;
  props: P;
  /** The notice shown if the island fails to render. */
  notice: string;
}

/**
 * What an island renders, identically when the server prerenders it and when the browser
 * hydrates it. `after` renders beside the component inside its Suspense boundary, which
 * React may hydrate later than the root: the browser puts a marker there that renders
 * nothing and notes when the island itself has hydrated.
 */
export function IslandFrame<P extends object>({
  name,
  component: Rendered,
  props,
  notice,
  after,
}: IslandFrameProps<P> & { after?: ReactNode }) {
  return (
    <BlockFrame name={name} notice={notice}>
      <Rendered {...props} />
      {after}
    </BlockFrame>
  );
}

/** The identifierPrefix of an island's root, on the server and in the browser. */
export const idPrefixOf = (id: string): string => `${id}-`;
