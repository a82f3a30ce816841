/**
 * What the editor is told of colleagues: who published a page on the site since the version a
 * draft started from (GET colleagues), their change brought into the checkout (POST bring-in),
 * and, after a publish that merged others' work, whose changes came in with it.
 */

/** One publish by someone: their name and when (ISO, with their offset). */
export interface Publisher {
  name: string;
  date: string;
}

/** The page's publishes on the site that the draft does not have, oldest first, and what the last did to it. */
export interface PublishedSince {
  publishes: Publisher[];
  /** Changed in place, deleted, or moved to another address (`movedTo`, the page's new address). */
  state: 'changed' | 'deleted' | 'moved';
  movedTo?: string;
}

/** GET colleagues: null when nothing was published since, or when the site could not be asked (nothing is said then). */
export interface ColleaguesAnswer {
  since: PublishedSince | null;
}

/**
 * POST bring-in: the checkout now has what the site has. `base` is the page as the draft's
 * version had it (null: it had none), `theirs` as the site has it; `hash` and `text` are the file
 * on disk now, the draft's new base. Refused, in words, when it cannot be done.
 */
export type BroughtIn =
  | { status: 'brought'; base: string | null; theirs: string; hash: string; text: string }
  | { status: 'refused'; message: string };

/** A colleague's publish that a publish merged with: who, when, and the pages it changed, by title. */
export interface CameIn extends Publisher {
  titles: string[];
}
