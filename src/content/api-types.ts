/**
 * What the visual editor's server (scripts/editor/) and its browser app (src/editor/) say
 * to each other, in one place. Paths are relative to the project, with forward slashes:
 * "pages/about.json", "pages/_collections/jobs/ux-ui-designer.json". The types the validator
 * shares with both sides come from src/content/content-types.ts.
 */
import type { ChangedFile, FileKind, JsonSchema, PaletteEntry, Problem } from './content-types';
import type { Conflict } from './merge';
import type { CameIn } from './colleague-types';

export type { ChangedFile, FileKind, JsonSchema, Problem };
export type { Comparison, DeletedFile, DiscardResult, History, Restored, Version, VersionText } from './publishing-types';

/** A content file as the page list shows it. */
export interface FileInfo {
  path: string;
  kind: FileKind;
  /** The address of a page; a template's is its pattern, "/careers/<id>". */
  route?: string;
  /** Its collection, for an entry. */
  collection?: string;
  title: string;
  problems: number;
}

/** A content file opened for editing. */
export interface OpenedFile {
  path: string;
  kind: FileKind;
  route?: string;
  collection?: string;
  /** The key of its schema in the editor's schemas: "page", "site" or "collections/<name>". */
  schema: string;
  text: string;
  value: Record<string, unknown>;
  /** The text's fingerprint when it was read: a save is refused when the file no longer has it. */
  hash: string;
  problems: Problem[];
  warnings: Problem[];
  /** A file written for an older schema version: what upgrading it changes, before anything is written. */
  behind?: { written: number; current: number; patch: string; others: string[] };
}

export interface CheckResult {
  problems: Problem[];
  warnings: Problem[];
}

export type SaveResult =
  | { status: 'saved'; hash: string; text: string }
  | { status: 'problems'; problems: Problem[] }
  | { status: 'changed'; text: string; hash: string };

/** One block type in the palette, with the schema its form is made from. */
export interface BlockType extends PaletteEntry {
  schema: JsonSchema;
}

export interface Picture {
  src: string;
  width: number;
  height: number;
  /** The file's weight, where the editor lists a picture of the site. */
  bytes?: number;
}

/** A picture just uploaded, and what was done to it in words ("Removed the place it was taken and the camera’s details; 4.1 MB → 2.3 MB."). */
export interface UploadedPicture extends Picture {
  said: string;
}

/** Everything the editor's forms need, read once when it opens. */
export interface EditorModel {
  blocks: BlockType[];
  /** Forms of whole files: "page" (without its blocks), "site", "collections/<name>". */
  forms: Record<string, JsonSchema>;
  routes: string[];
  pictures: Picture[];
  entries: Record<string, { id: string; title: string }[]>;
  /** The schemas' version: a new file starts at it. */
  version: number;
}

/** What the preview shows for a draft: the body and head of the page the real renderer makes. */
export interface Rendered {
  route: string;
  body: string;
  head: string;
  /** Set when this is the render of that one block alone. */
  only?: number;
  /** Why nothing could be rendered (no site file, a template with no entry). */
  message?: string;
}

/** Messages between the editor and its preview frame. */
export type PreviewMessage =
  /** A render of the page, or with `only` of that one block, to put in place of the old one. */
  | { type: 'render'; route: string; body: string; head: string; only?: number }
  | { type: 'highlight'; index: number | null }
  | { type: 'select'; index: number }
  /** The frame has drawn what it was sent. */
  | { type: 'rendered' }
  /** The frame listens: it says so as it starts, and again when the editor asks (`ready?`), which it does in case it missed the first. */
  | { type: 'ready' }
  | { type: 'ready?' }
  /** The editor's "Enter the preview": the frame takes the keyboard's focus. */
  | { type: 'enter' }
  /** Escape in the frame: the focus goes back to the editor. */
  | { type: 'leave' };

/** Who publishes: the commit's author. */
export interface PersonName {
  name: string;
  email: string;
}

/** GET publishing: whether publishing works here (the content is the top of a git checkout), and if not, why. */
export interface PublishingAnswer {
  available: boolean;
  reason?: string;
  /** The site's review settings (scripts/review-settings.json): when approval is required, only the reviewers publish directly. */
  approval?: { required: boolean; reviewers: PersonName[] };
}

/** GET changes: every changed content file, and where publishing goes. */
export interface ChangesAnswer {
  changes: ChangedFile[];
  /** Where publishing pushes; null when it only commits. */
  remote: { remote: string; branch: string } | null;
  remoteProblem?: string;
  published: string | null;
  unpushed: number;
}

/** GET author: who publishes when the person names no one (a trusted sign-in proxy's user, or git's); null when none is known. */
export interface AuthorAnswer {
  author: PersonName | null;
  from: 'proxy' | 'git';
}

/** A file where a commit made here meets the remote's changes; empty `conflicts`: the file as a whole. */
export interface PublishConflict {
  key: string;
  path: string;
  commit: string;
  subject: string;
  /** The page's title, for the person to know which page. */
  title: string;
  /** Who last changed the page on the server, and when (ISO). */
  by: { name: string; date: string } | null;
  /** The fields both changed: `theirs` is the server's value, `mine` the person's. */
  conflicts: Conflict[];
}

/** POST publish: what became of it, in words. */
export type PublishAnswer =
  | {
      status: 'refused';
      reason: string;
      message: string;
      paths?: string[];
      problems?: Problem[];
      /** Links to a page the publish deletes or moves, that publishing again with `takeOutLinks` takes out. */
      canTakeOutLinks?: boolean;
    }
  | { status: 'committed'; commit: string }
  | {
      status: 'published';
      commit: string;
      rebased: boolean;
      localMerges: { path: string; kept: boolean }[];
      /** Others' publishes the site had, that this one was merged with: whose, when, and their pages. */
      cameIn?: CameIn[];
    }
  | { status: 'conflicts'; commit: string; conflicts: PublishConflict[] }
  | { status: 'not-pushed'; commit: string; reason: string; message: string; remote: string[] };

/** The person's choice for each conflict of a PublishConflict, by its key, in order. */
export type PublishChoices = Record<string, ('mine' | 'theirs')[]>;
