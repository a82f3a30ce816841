/**
 * Two versions of a content file compared, as the History panel shows them side by side: a
 * page's blocks added, removed, moved and changed, and every changed field with its value in
 * each version, its place told in the schemas' titles (counting from 1), plus one line that
 * sums it up. Pure: it takes two parsed values and the titles, and reads nothing.
 *
 * Blocks have no ids, so which block of the newer version is which of the older is the merge's
 * matching (src/content/merge.ts): merging the newer version into the older one, with nothing of
 * its own, brings in exactly the changes from one to the other. Its changes are placed in the
 * newer version; each value's place in the older one is found by undoing, list by list, the
 * items it says were added, removed and moved.
 */
import { type Incoming, type JsonObject, type JsonPath, merge } from '../../../src/content/merge';
import { placeOf } from '../../../src/content/place-of';
import type { BlockComparison, Comparison, FieldChange } from '../../../src/content/publishing-types';
import type { Titles } from '../../../src/content/titles';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path`; undefined where there is none. Own keys only: a key named "constructor" is a field. */
function valueAt(root: unknown, path: JsonPath): unknown {
  let here = root;
  for (const segment of path) {
    if (Array.isArray(here) && typeof segment === 'number') here = here[segment];
    else if (isObject(here) && typeof segment === 'string' && Object.hasOwn(here, segment)) here = here[segment];
    else return undefined;
  }
  return here;
}

const sameList = (a: JsonPath, b: JsonPath): boolean => a.length === b.length && a.every((segment, index) => segment === b[index]);

/**
 * For each list the merge changed items of, how the newer version's items map to the older's:
 * items added have no older place, moved ones say theirs, and the others keep their order
 * around the removed ones (the merge moves only the items outside a longest run in order).
 */
class Places {
  constructor(
    private readonly older: JsonObject,
    private readonly newer: JsonObject,
    private readonly changes: Incoming[],
  ) {}

  /** The items of the list at `list` (a path in the newer version) the changes say were added, moved and removed. */
  private itemsOf(list: JsonPath) {
    const at = this.changes.filter((change) => change.change !== 'changed' && sameList(change.path.slice(0, -1), list));
    const index = (change: Incoming): number => change.path.at(-1) as number;
    return {
      added: new Set(at.filter((change) => change.change === 'added').map(index)),
      removed: new Set(at.filter((change) => change.change === 'removed').map(index)),
      moved: new Map(at.filter((change) => change.change === 'moved').map((change) => [index(change), (change.from as number) - 1])),
    };
  }

  /** The older version's index of the newer's item `index` in the list at `list`; undefined for an item added. */
  olderIndex(list: JsonPath, index: number): number | undefined {
    const { added, removed, moved } = this.itemsOf(list);
    if (added.has(index)) return undefined;
    if (moved.has(index)) return moved.get(index);
    const newerLength = (valueAt(this.newer, list) as unknown[] | undefined)?.length ?? 0;
    const olderPath = this.olderPath(list);
    const olderLength = olderPath ? ((valueAt(this.older, olderPath) as unknown[] | undefined)?.length ?? 0) : 0;
    const kept = Array.from({ length: newerLength }, (_, at) => at).filter((at) => !added.has(at) && !moved.has(at));
    const keptBefore = new Set(moved.values());
    const olderKept = Array.from({ length: olderLength }, (_, at) => at).filter((at) => !removed.has(at) && !keptBefore.has(at));
    return olderKept[kept.indexOf(index)];
  }

  /** A place of the newer version in the older one; undefined where the older has no such place (inside an item added). */
  olderPath(path: JsonPath): JsonPath | undefined {
    const older: JsonPath = [];
    for (const [at, segment] of path.entries()) {
      if (typeof segment === 'string') older.push(segment);
      else {
        const index = this.olderIndex(path.slice(0, at), segment);
        if (index === undefined) return undefined;
        older.push(index);
      }
    }
    return older;
  }

  /** A change with its value in each version. */
  values(change: Incoming): Pick<FieldChange, 'before' | 'after'> {
    const list = change.path.slice(0, -1);
    const olderList = this.olderPath(list);
    const before =
      change.change === 'added'
        ? undefined
        : change.change === 'removed'
          ? olderList && valueAt(this.older, [...olderList, change.path.at(-1) as number])
          : valueAt(this.older, this.olderPath(change.path) ?? []);
    const after = change.change === 'removed' ? undefined : valueAt(this.newer, change.path);
    return { ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) };
  }
}

/** Up or down, by a block's rank among the blocks both versions have. */
function direction(blocks: BlockComparison[], block: BlockComparison): 'up' | 'down' {
  const both = blocks.filter((other) => other.before !== undefined && other.after !== undefined);
  const olderRank = [...both].sort((x, y) => (x.before as number) - (y.before as number)).indexOf(block);
  return both.indexOf(block) < olderRank ? 'up' : 'down';
}

/** A field's change in words: "Heading", "Card 4 removed" (changed goes without saying inside a block changed). */
const changeOf = (field: FieldChange): string => (field.change === 'changed' ? field.place : `${field.place} ${field.change}`);

/** The first few of a block's changed fields: "Heading, Card 2 › Title, Card 4 removed and 3 more". */
function someOf(fields: FieldChange[]): string {
  const unique = [...new Set(fields.map(changeOf))];
  const shown = unique.slice(0, 3).join(', ');
  return unique.length > 3 ? `${shown} and ${unique.length - 3} more` : shown;
}

function blockWords(block: BlockComparison): string | undefined {
  if (block.status === 'added' || block.status === 'removed') return `${block.label} ${block.status}`;
  const moved = block.moved ? `moved ${block.moved}` : '';
  const changed = block.status === 'changed' ? `changed (${someOf(block.fields)})` : '';
  return moved || changed ? `${block.label} ${[moved, changed].filter(Boolean).join(' and ')}` : undefined;
}

/**
 * What differs from the `older` version of a file to the `newer`: its blocks (for a page or a
 * template) and its other fields, each with its value in both, and a one-line summary.
 */
export function compareVersions(older: JsonObject, newer: JsonObject, titles: Titles): Comparison {
  const { incoming } = merge(older, newer, older);
  const places = new Places(older, newer, incoming);
  const withBlocks = Array.isArray(older.blocks) && Array.isArray(newer.blocks);
  const inBlocks = (change: Incoming): boolean => withBlocks && change.path[0] === 'blocks' && change.path.length > 1;
  const fieldOf = (change: Incoming, segments: JsonPath, blockType?: string): FieldChange => ({
    change: change.change,
    path: change.path,
    place: titles.path(segments, blockType),
    ...places.values(change),
  });

  const blocks: BlockComparison[] = [];
  if (withBlocks) {
    const typeOf = (block: unknown): string => String(valueAt(block, ['type']) ?? '');
    (newer.blocks as unknown[]).forEach((block, index) => {
      const before = places.olderIndex(['blocks'], index);
      const type = typeOf(block);
      const fields = incoming
        .filter((change) => change.path[0] === 'blocks' && change.path[1] === index && change.path.length > 2)
        .map((change) => fieldOf(change, change.path.slice(2), type));
      blocks.push({
        ...(before === undefined ? {} : { before: before + 1 }),
        after: index + 1,
        type,
        label: placeOf({ block: { number: index + 1, type } }, titles),
        status: before === undefined ? 'added' : fields.length > 0 ? 'changed' : 'unchanged',
        fields,
      });
    });
    const moved = new Set(
      incoming
        .filter((change) => change.change === 'moved' && change.path.length === 2 && inBlocks(change))
        .map((change) => change.path[1]),
    );
    for (const block of blocks) if (moved.has((block.after as number) - 1)) block.moved = direction(blocks, block);
    // Each removed block goes after the last block placed that came before it in the older version.
    for (const change of incoming.filter((each) => each.change === 'removed' && each.path.length === 2 && inBlocks(each))) {
      const index = change.path[1] as number;
      const type = typeOf((older.blocks as unknown[])[index]);
      const at = blocks.findLastIndex((block) => block.before !== undefined && block.before <= index) + 1;
      blocks.splice(at, 0, {
        before: index + 1,
        type,
        label: placeOf({ block: { number: index + 1, type } }, titles),
        status: 'removed',
        fields: [],
      });
    }
  }
  const fields = incoming.filter((change) => !inBlocks(change)).map((change) => fieldOf(change, change.path));
  const words = [...blocks.map(blockWords), ...fields.map((field) => `${field.place} ${field.change}`)].filter(Boolean);
  return {
    same: incoming.length === 0,
    summary: words.length === 0 ? 'No differences.' : words.join('; '),
    blocks,
    fields,
  };
}
