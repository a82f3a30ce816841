import type { Block } from '../generated/schema-types';
import type { IslandDefinition } from '../ui/define-island';

export type BlockType = Block['type'];
type BlockProps<T extends BlockType> = Extract<Block, { type: T }>;

/** Where the visual editor's palette files a block. */
type BlockCategory = 'Headers' | 'Content' | 'Figures' | 'Lists' | 'Careers' | 'Calls to action';

/**
 * A block type's one definition, in `src/blocks/<name>/definition.ts` beside its component.
 * Everything else is derived from these by `npm run gen`: the registry the renderer uses
 * (src/generated/blocks.ts), the islands the browser hydrates (src/generated/islands.ts), the
 * list of blocks in schemas/page.schema.json, and the build's chunk for each island. What an
 * editor shows (title, description, a starting value) is read from the schema itself.
 */
export interface BlockDefinition<T extends BlockType = BlockType> extends IslandDefinition<BlockProps<T>> {
  /** The block's `type`, as page files write it. */
  type: T;
  /** Its JSON Schema, a file in schemas/blocks/. */
  schema: `${string}.schema.json`;
  /** Whether the browser hydrates it (it reacts to the visitor); a static block ships no JavaScript. */
  island: boolean;
  category: BlockCategory;
  /** The palette's icon for it: a Lucide icon name (lucide.dev/icons). */
  icon: string;
}

/** Declares a block type. Static unless `island` says otherwise; an island loads when it nears the viewport unless `preload`. */
export function defineBlock<T extends BlockType>({
  island = false,
  preload = false,
  ...definition
}: Omit<BlockDefinition<T>, 'name' | 'island' | 'preload'> & { island?: boolean; preload?: boolean }): BlockDefinition<T> {
  return { ...definition, name: definition.type, island, preload };
}
