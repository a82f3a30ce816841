/**
 * What "Undo this change" answers (scripts/publish/history/undo-version.ts makes it, History in
 * src/editor/ shows it): the page with one version's changes taken back and every later change
 * kept, and the fields a later change touched too, each with who made that change and when, for
 * the person to choose as Publish's conflicts are chosen. One definition for both sides.
 */
import type { Conflict, JsonObject, Side } from './merge';
import type { CommitInfo } from './publishing-types';

/** A later version, as a conflict names it: who, when and why. */
export type LaterChange = Pick<CommitInfo, 'commit' | 'date' | 'author' | 'subject'>;

/**
 * A field (or block) the undone version changed and a later change changed again. `before`: its
 * value before the undone version (what undoing puts back); `now`: its value today (what the later
 * change made it). `by`: the later change; null when it is saved here and not yet published.
 */
export interface UndoConflict extends Pick<Conflict, 'path' | 'block' | 'field' | 'chosen'> {
  before: unknown;
  now: unknown;
  by: LaterChange | null;
}

/** POST undo: the page with the change taken back; `chosen` 'mine' keeps the later change, 'theirs' takes it back too. */
export interface Undone {
  /** The undone version's full commit id. */
  commit: string;
  /** The page's path now. */
  path: string;
  /** The page as it is now, without that version's changes (a conflict holds its choice, else the later change). */
  value: JsonObject;
  conflicts: UndoConflict[];
}

/** The choices for an answer's conflicts, in order: 'mine' keeps the later change, 'theirs' takes the field back. */
export type UndoChoices = Side[];
