/**
 * The words a file's content is told in, read from the schemas' titles: the same words the
 * editor's forms show. One source for every place that names a block or a field: the editor's
 * merges and undo, the Changes list's summaries (scripts/publish/changes/list-changes.ts) and History's
 * comparisons (scripts/publish/history/compare-versions.ts). Counting starts at 1.
 *
 * The schemas are forms' schemas, self-contained (scripts/content/schema/form-schema.ts): a `$ref`
 * points to one of the schema's own definitions, and is followed.
 */
import type { JsonSchema } from './content-types';
import { schemaAt } from './schema-at';

type Segment = string | number;

/** The field of an "exactly one of" choice, its radio group: no property of a schema starts with "_". */
export const CHOICE = '_choice';

/** The titles a file is told in. */
export interface Titles {
  /** A block type's title: "Card grid"; the type itself when it has none. */
  block: (type: string) => string;
  /** A field's title within a block type, or the file without one: "Heading"; the field's own name when it has none. */
  field: (field: string, blockType?: string) => string;
  /** The title of one item of a list field: "Card" of "Cards"; undefined when its items have none. */
  item: (field: string, blockType?: string) => string | undefined;
  /** A place inside a block (its path from the block) or the file (from its root): "Card 2 › Title". */
  path: (segments: Segment[], blockType?: string) => string;
}

/** A block type as its words need it: its title and the schema of its fields. */
interface TitledBlock {
  type: string;
  title: string;
  schema: JsonSchema;
}

const titleOf = (schema: JsonSchema | undefined): string | undefined => (typeof schema?.title === 'string' ? schema.title : undefined);

/** "Button link" inside "Button" is its "Link": the group's title is already said. */
function withoutParent(title: string, parent: string): string {
  if (!parent || !title.startsWith(`${parent} `)) return title;
  const rest = title.slice(parent.length + 1);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** A field's place in words, by the schema's titles and counting items from 1: "Card 2 › Title", "Button › Link". */
export function fieldWords(root: JsonSchema, segments: Segment[]): string {
  const words: string[] = [];
  let parent = '';
  segments.forEach((segment, index) => {
    if (segment === CHOICE) return;
    const schema = schemaAt(root, segments.slice(0, index + 1));
    if (typeof segment === 'number') {
      // The list's own title ("Cards") gives way to its item's ("Card 2").
      const word = `${String(schema?.title ?? 'Item')} ${segment + 1}`;
      if (words.length > 0) words[words.length - 1] = word;
      else words.push(word);
      parent = String(schema?.title ?? '');
      return;
    }
    const title = String(schema?.title ?? segment);
    words.push(withoutParent(title, parent));
    parent = title;
  });
  return words.join(' › ');
}

/** The titles of a file with the form `fileSchema` for its own fields, whose blocks are of the types `blocks`. */
export function titlesOf(blocks: Iterable<TitledBlock>, fileSchema: JsonSchema | undefined): Titles {
  const types = new Map([...blocks].map((block) => [block.type, block]));
  // A block's fields are in its type's schema (none for a type not known), the file's own in the file's.
  const rootOf = (blockType?: string): JsonSchema | undefined => (blockType ? types.get(blockType)?.schema : fileSchema);
  return {
    block: (type) => types.get(type)?.title ?? type,
    field: (field, blockType) => titleOf(schemaAt(rootOf(blockType) ?? {}, [field])) ?? field,
    item: (field, blockType) => {
      const root = rootOf(blockType) ?? {};
      const items = schemaAt(root, [field])?.items;
      if (typeof items !== 'object' || items === null || Array.isArray(items)) return undefined;
      return titleOf(schemaAt(root, [field, 0]));
    },
    path: (segments, blockType) => fieldWords(rootOf(blockType) ?? {}, segments),
  };
}
