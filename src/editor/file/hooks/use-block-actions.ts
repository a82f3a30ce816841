import type { Dispatch } from 'react';
import type { BlockType } from '../../../content/api-types';
import { useAnnouncer } from '../../app/Announcer';
import { blocksOf, duplicateBlock, moveBlock, removeBlock } from '../block-operations';
import { emptyBlock } from '../empty-block';
import { newKey, type Snapshot } from '../snapshot';
import type { SessionAction } from '../session';

export interface BlockActionsOptions {
  draft: Snapshot;
  types: Map<string, BlockType>;
  /** The session the block operations are actions of (session.ts). */
  dispatch: Dispatch<SessionAction>;
}

/**
 * What the outline and the palette do to the blocks: each is an action of the session
 * (session.ts: its pure operation, block-operations.ts, as one step of the history, choosing the
 * block it leaves in view), said for screen readers. A move or a copy of a block that is not
 * there does nothing, and is not said. A new block starts empty (empty-block.ts): its schema's
 * examples are placeholders, never content.
 */
export function useBlockActions({ draft, types, dispatch }: BlockActionsOptions) {
  const announce = useAnnouncer();
  const blocks = blocksOf(draft.value);
  // The operation is tried on the draft as shown only to know whether there is anything to say.
  const apply = (changes: boolean, action: SessionAction, message: string): void => {
    if (!changes) return;
    dispatch(action);
    announce(message);
  };
  return {
    move: (from: number, to: number): void =>
      apply(
        moveBlock(draft, from, to) !== draft,
        { type: 'move', from, to },
        `Moved block ${types.get(String(blocks[from]?.type))?.title ?? ''} to position ${to + 1} of ${blocks.length}.`,
      ),
    insert: (type: BlockType, at: number): void =>
      apply(true, { type: 'insert', at, block: emptyBlock(type), key: newKey() }, `Added a ${type.title} block at position ${at + 1}.`),
    duplicate: (index: number): void =>
      apply(
        duplicateBlock(draft, index, '') !== draft,
        { type: 'duplicate', index, key: newKey() },
        `Copied block ${index + 1}; the copy is block ${index + 2}.`,
      ),
    remove: (index: number): void =>
      apply(removeBlock(draft, index) !== draft, { type: 'remove', index }, `Deleted block ${index + 1}. Undo with Ctrl+Z.`),
  };
}
