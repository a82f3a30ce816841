/** The draft as the editor holds it: a state of the file and the keys of its blocks. */
export type Json = Record<string, unknown>;

/** One state of the draft: the file's value, and a stable key per block for the sortable list. */
export interface Snapshot {
  value: Json;
  keys: string[];
}

let counter = 0;
/** A new key for a block, unique in this tab. */
export const newKey = (): string => `b${Date.now().toString(36)}${(counter++).toString(36)}`;

export const keysFor = (value: Json): string[] => (Array.isArray(value.blocks) ? value.blocks.map(() => newKey()) : []);
