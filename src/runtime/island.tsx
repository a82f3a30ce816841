import { chakra } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { BlockFrame } from './block-frame';

export interface IslandProps<P extends object> {
  /** The key of the island's loader in `islands` (src/runtime/islands.ts). */
  name: string;
  component: ComponentType<P>;
  props: P;
  /** The notice shown if the island fails to render. */
  notice: string;
}

/** What an island renders, identically on the server and when the browser hydrates it. */
export function IslandBody<P extends object>({ name, component: Rendered, props, notice }: IslandProps<P>) {
  return (
    <BlockFrame name={name} notice={notice}>
      <Rendered {...props} />
    </BlockFrame>
  );
}

/**
 * An interactive part of a prerendered page. Everything else on the page is static HTML
 * that the browser never hydrates; an island carries its name and props in data attributes
 * (no inline script, so a strict Content-Security-Policy holds) and the client entry
 * hydrates it on its own, in its own task, once it is near the viewport.
 */
export function Island<P extends object>(island: IslandProps<P>) {
  return (
    <chakra.div display="contents" data-island={island.name} data-props={JSON.stringify(island.props)} data-notice={island.notice}>
      <IslandBody {...island} />
    </chakra.div>
  );
}
