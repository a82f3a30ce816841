import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { BlockType } from '../blocks/define-block';
import { blocks } from '../generated/blocks';
import type { Block } from '../generated/schema-types';
import { BlockFrame } from '../runtime/BlockFrame';
import type { IslandDefinition } from '../ui/define-island';
import { Island } from '../ui/island';
import { FirstBlockContext } from '../ui/use-is-first-block';
import { useSite } from '../ui/site-context';

const lazyBlocks = new Map<BlockType, LazyExoticComponent<ComponentType<Block>> | ComponentType<Block>>();

/**
 * Loads every block's component before rendering, so that none suspends: a page then renders
 * in the same order (and its CSS comes out in the same order) whatever was rendered before it
 * in this process. The build calls it; a lazy block would otherwise render later on the first
 * page that uses it than on the next.
 */
export async function loadEveryBlock(): Promise<void> {
  await Promise.all(
    (Object.keys(blocks) as BlockType[]).map(async (type) => {
      const loaded = (await blocks[type].load()) as { default: ComponentType<Block> };
      lazyBlocks.set(type, loaded.default);
    }),
  );
}

function lazyBlock(type: BlockType): LazyExoticComponent<ComponentType<Block>> | ComponentType<Block> {
  let component = lazyBlocks.get(type);
  if (!component) {
    component = lazy(blocks[type].load as () => Promise<{ default: ComponentType<Block> }>);
    lazyBlocks.set(type, component);
  }
  return component;
}

/** A type no definition names: only a draft in the editor can hold one (a valid page cannot). */
function UnknownBlock({ type }: { type: unknown }): never {
  throw new Error(`There is no block type ${JSON.stringify(type)}.`);
}

/**
 * A page's blocks in order, each isolated by its own frame. The prerenderer waits for every
 * lazy block; interactive ones render as islands for the browser to hydrate. `marked` (the
 * visual editor's preview only) wraps each in an element that names its place.
 */
export function BlockList({ blocks: list, marked = false, only }: { blocks: Block[]; marked?: boolean; only?: number }) {
  const { labels } = useSite();
  // A block's place on the page is its identity: the list is rendered once, on the server.
  return list.map((block, index) => {
    if (only !== undefined && index !== only) return null;
    const key = `${index}-${block.type}`;
    const definition = Object.hasOwn(blocks, block.type) ? blocks[block.type] : undefined;
    const rendered = !definition ? (
      <BlockFrame key={key} name={String(block.type)} notice={labels.blockError}>
        <UnknownBlock type={block.type} />
      </BlockFrame>
    ) : definition.island ? (
      <Island key={key} of={definition as IslandDefinition<Block>} props={block} />
    ) : (
      <BlockFrame key={key} name={block.type} notice={labels.blockError}>
        {createElement(lazyBlock(block.type), block)}
      </BlockFrame>
    );
    // The first block knows it is first: a banner there is the page's header (src/ui/use-is-first-block.ts).
    const placed =
      index === 0 ? (
        <FirstBlockContext.Provider key={key} value>
          {rendered}
        </FirstBlockContext.Provider>
      ) : (
        rendered
      );
    // An anchor names the block, so a link can lead to it (/about#team).
    const named = block.anchor ? (
      <div key={key} id={block.anchor}>
        {placed}
      </div>
    ) : (
      placed
    );
    // In the visual editor's preview each block says which it is, so a click can select it.
    return marked ? (
      <div key={key} data-editor-block={index} style={{ display: 'contents' }}>
        {named}
      </div>
    ) : (
      named
    );
  });
}
