import type { BlockType } from '../../content/api-types';
import { useAnnouncer } from '../app/Announcer';
import { blocksOf, duplicateBlock, insertBlock, moveBlock, removeBlock } from './block-operations';
import { emptyBlock } from './empty-block';
import { newKey, type Snapshot } from './history';

export interface BlockActionsOptions {
  draft: Snapshot;
  types: Map<string, BlockType>;
  /** Makes a change a step of the draft's history. */
  change: (next: Snapshot) => void;
  select: (selected: number | 'file') => void;
}

/**
 * What the outline and the palette do to the blocks: each applies its pure operation
 * (block-operations.ts) as one step of the history, selects the block it leaves in view and
 * says what happened for screen readers. A move or a copy of a block that is not there does nothing.
 * A new block starts empty (empty-block.ts): its schema's examples are placeholders, never content.
 */
export function useBlockActions({ draft, types, change, select }: BlockActionsOptions) {
  const announce = useAnnouncer();
  const blocks = blocksOf(draft.value);
  const apply = (next: Snapshot, selected: number | 'file', message: string): void => {
    if (next === draft) return;
    change(next);
    select(selected);
    announce(message);
  };
  return {
    move: (from: number, to: number): void =>
      apply(
        moveBlock(draft, from, to),
        to,
        `Moved block ${types.get(String(blocks[from]?.type))?.title ?? ''} to position ${to + 1} of ${blocks.length}.`,
      ),
    insert: (type: BlockType, at: number): void =>
      apply(insertBlock(draft, at, emptyBlock(type), newKey()), at, `Added a ${type.title} block at position ${at + 1}.`),
    duplicate: (index: number): void =>
      apply(duplicateBlock(draft, index, newKey()), index + 1, `Copied block ${index + 1}; the copy is block ${index + 2}.`),
    remove: (index: number): void => {
      const left = blocks.length - 1;
      apply(removeBlock(draft, index), left === 0 ? 'file' : Math.min(index, left - 1), `Deleted block ${index + 1}. Undo with Ctrl+Z.`);
    },
  };
}
