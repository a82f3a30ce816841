/**
 * What the editor's publishing routes answer about versions (scripts/publish/ makes them,
 * src/editor/ shows them): a file's history, two versions compared, a version restored, the
 * deleted files. One definition for both sides.
 */
import type { Incoming, JsonPath } from './merge';
import type { Problem } from './content-types';

/** Who wrote a version, as git records them. */
interface Person {
  name: string;
  email: string;
}

/** A commit as a person is told of it. */
export interface CommitInfo {
  /** The commit's full id. */
  commit: string;
  /** When it was written (the author's date), ISO 8601 with the writer's offset: "2026-11-25T15:19:13+01:00". */
  date: string;
  /** When it became a commit in this history (a rebase while publishing moves it). */
  committed: string;
  author: Person;
  /** The first line of its message. */
  subject: string;
  /** Its whole message, subject and body, as written (without git's trailing newline). */
  message: string;
}

/** What a commit did to the file: git's A, M (or T), R and D, in words. A copy counts as added. */
export type Change = 'added' | 'modified' | 'renamed' | 'deleted';

/**
 * Where a version is. 'published': on the upstream branch (with no upstream, every commit of
 * the checkout is), and in this checkout. 'unpublished': committed here, not yet pushed (a push
 * the remote refused). 'incoming': on the upstream branch, published by someone else, and not
 * yet in this checkout.
 */
type VersionState = 'published' | 'unpublished' | 'incoming';

/** One version of a file: the commit that made it, and what that commit did to it. */
export interface Version extends CommitInfo {
  /** The file's path in that commit ("pages/about.json"): where versionAt finds it. For a deletion, the path it had. */
  path: string;
  /** For a rename, the path before it; for a file added as a copy of another (its history starts there), that file's. */
  from?: string;
  /** `from` as a visitor knows it: the page's address then ("/services/old-name"), or the file's name when it had none. */
  fromAddress?: string;
  change: Change;
  state: VersionState;
}

export interface History {
  /** The path asked for. */
  path: string;
  /** The upstream branch the versions were compared with ("refs/remotes/origin/main"), or null when the checkout has none. */
  upstream: string | null;
  /** Newest first. */
  versions: Version[];
  /** True when `limit` cut the list short: older versions exist. */
  more: boolean;
}

/** A file as one version has it. */
export interface VersionText {
  /** The version's full commit id. */
  commit: string;
  path: string;
  /** The file's text, exactly as committed. */
  text: string;
  /** Its value, parsed; undefined when the text is not a JSON object. */
  value: Record<string, unknown> | undefined;
}

/** A content file that was deleted, with the commit that deleted it and the last version it had. */
export interface DeletedFile {
  path: string;
  /** Its title (or name) in its last version; its file name when it has none. */
  title: string;
  /** The commit that deleted it. */
  deleted: CommitInfo;
  /** The commit of its last version: versionAt and restoreVersion take it with `path`. */
  lastVersion: string;
}

/** One value that differs: a field changed, or an item of a list (a card, a link) added, removed or moved. */
export interface FieldChange {
  change: Incoming['change'];
  /** Where it is in the newer version; for an item removed, where it was in the older one. */
  path: JsonPath;
  /** Where it is in words, within its block (or the file): "Card 2 › Title". */
  place: string;
  /** Its value in the older version; absent where it had none. */
  before?: unknown;
  /** Its value in the newer version; absent where it has none. */
  after?: unknown;
}

/** A block of either version: its number in each (from 1), what became of it, and its fields that changed. */
export interface BlockComparison {
  /** Its number in the older version; absent for a block added. */
  before?: number;
  /** Its number in the newer version; absent for a block removed. */
  after?: number;
  type: string;
  /** "Block 4 (Card grid)", numbered as in the newer version (the older, for a block removed). */
  label: string;
  status: 'added' | 'removed' | 'changed' | 'unchanged';
  /** Moved among the blocks both versions have: up (nearer the top) or down. */
  moved?: 'up' | 'down';
  fields: FieldChange[];
}

export interface Comparison {
  /** Nothing differs. */
  same: boolean;
  /** One line: "Block 5 (FAQ) added; Block 2 (Card grid) moved up; Block 4 (Banner) changed (Heading); Title changed". */
  summary: string;
  /**
   * A page's (or template's) blocks, every one of both versions, in the newer version's order,
   * each removed block after the one it followed: rows to draw side by side. Empty for a file
   * without blocks (an entry, the site file).
   */
  blocks: BlockComparison[];
  /** What changed outside the blocks: a page's title, an entry's or the site file's fields. */
  fields: FieldChange[];
}

export interface Restored<Code extends string = string> {
  /** The version's full commit id. */
  commit: string;
  path: string;
  /** The file as the draft should hold it: the version's value, upgraded when it was written for older schemas. */
  value: Record<string, unknown>;
  /**
   * Its text: the version's own text when it needed no upgrade (publishing it gives back that
   * version byte for byte); upgraded, that text with only the fields the migrations changed
   * rewritten, in the repository's formatting.
   */
  text: string;
  /** The schemas' version the version was written for, when it was older than today's and upgraded. */
  upgradedFrom?: number;
  /** What today's validator says of it, as it says it of a saved file (file, line, column, words). */
  problems: Problem<Code>[];
  /** What is worth a look but breaks nothing (a title another page has). */
  warnings: Problem<Code>[];
}

/** POST discard: the file's changes dropped, or why not. */
export type DiscardResult =
  /** `restored`: paths brought back as the last commit has them; `removed`: paths the last commit does not have, removed. */
  { status: 'discarded'; restored: string[]; removed: string[] } | { status: 'refused'; message: string };
