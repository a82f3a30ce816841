import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { blocks, type BlockType } from '../blocks/registry';
import type { Block } from '../generated/schema-types';
import { BlockFrame } from './block-frame';
import { Island } from './island';
import { useSite } from './site-context';

const lazyBlocks = new Map<BlockType, LazyExoticComponent<ComponentType<Block>>>();

function lazyBlock(type: BlockType): LazyExoticComponent<ComponentType<Block>> {
  let component = lazyBlocks.get(type);
  if (!component) {
    component = lazy(blocks[type].load as () => Promise<{ default: ComponentType<Block> }>);
    lazyBlocks.set(type, component);
  }
  return component;
}

/**
 * A page's blocks in order, each isolated by its own frame. The prerenderer waits for every
 * lazy block; interactive ones are wrapped as islands for the browser to hydrate.
 */
export function BlockList({ blocks: list }: { blocks: Block[] }) {
  const { labels } = useSite();
  return list.map((block, index) => {
    const Rendered = lazyBlock(block.type);
    return blocks[block.type].island ? (
      <Island key={index} name={block.type} component={Rendered} props={block} notice={labels.blockError} />
    ) : (
      <BlockFrame key={index} name={block.type} notice={labels.blockError}>
        <Rendered {...block} />
      </BlockFrame>
    );
  });
}
