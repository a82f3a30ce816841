/**
 * Types the Node side (scripts/content/, the editor's server) and the editor's browser app
 * (src/editor/) share, written once. Types only: nothing here runs, so either side may import
 * it without taking the other's code along.
 */

/** What a content file is: a page, a template that makes a page per entry, the site file, or an entry of a collection. */
export type FileKind = 'page' | 'template' | 'site' | 'entry';

/** A JSON Schema, as the validator, the generators and the editor's forms read it. */
export type JsonSchema = { [keyword: string]: unknown };

/** One thing wrong with a content file, as `npm run validate` reports it and the editor shows it. */
export interface Problem<Code extends string = string> {
  file: string;
  line: number;
  column: number;
  /** The JSON path of the value, like `blocks[2].cards[0].title`; empty for the whole file. */
  path: string;
  /** What kind of problem it is: a key of the problem catalog, stable across releases. */
  code: Code;
  /** What `npm run validate` prints: it may name a command, a file or a folder to look in. */
  message: string;
  /** What the visual editor shows instead, where the message speaks to a developer: the person's words. */
  editorMessage?: string;
}

/** What the editor's palette shows of a block type: from its definition, and its schema's own words. */
export interface PaletteEntry {
  type: string;
  title: string;
  description: string;
  category: string;
  icon: string;
}

/** What a changed file is: a content file's kind, a file under public/media/, or anything else under pages/. */
export type ChangeKind = FileKind | 'media' | 'other';

/** How a file differs from its published version. */
export type ChangeState = 'added' | 'modified' | 'deleted' | 'renamed';

/** One content file that differs from its published version: scripts/publish/changes/list-changes.ts lists them, the editor's Changes page shows them. */
export interface ChangedFile<Code extends string = string> {
  /** The project's path: "pages/about.json". */
  path: string;
  kind: ChangeKind;
  state: ChangeState;
  /** For a file renamed (or moved): its path as published. */
  from?: string;
  /** The name people know it by: its title, "Menus, footer and site settings", or its file name. */
  title: string;
  /** Part of the change is in a commit made here and not yet pushed: "not yet published". */
  committed: boolean;
  /** Part of the change is only on disk, in no commit yet. */
  uncommitted: boolean;
  /** What the validator finds wrong with the file as it is on disk: a file with any cannot be published. */
  problems: Problem<Code>[];
  /** What changed, in words: `Home: "Our Expertise" edited (heading, 2 cards); "Schedule a Call" moved up`. */
  summary: string;
}
