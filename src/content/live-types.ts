/**
 * What the editor's `live` route answers (src/content/api-routes.ts): where each published
 * change stands on the live site, as its server's GET /_live says, with the pages it changed
 * there. One definition for the editor's server and its browser app.
 */

/**
 * Where a change stands. The live site's own words: 'live', 'building', 'refused' (its build
 * refused the change), 'failed' (its build broke), 'unknown' (it has not seen the change yet).
 * The editor's: 'unreachable' (no readable answer in time) and 'not-following' (the live site
 * answers, but does not follow what is published, so it cannot say).
 */
export type LiveStage = 'live' | 'building' | 'refused' | 'failed' | 'unknown' | 'unreachable' | 'not-following';

/** A page a change touched, as visitors reach it: its title and its address on the live site. */
export interface LivePage {
  title: string;
  url: string;
}

/** One change (a commit) and where it stands. */
export interface LiveCommit {
  commit: string;
  stage: LiveStage;
  /** When it went live (or was refused), ISO 8601; null when the live site does not say. */
  at: string | null;
  /** For 'refused' and 'failed': why, in one line, with pages named by their titles. */
  reason?: string;
  /** The pages it added or changed that visitors can open, by title. */
  pages: LivePage[];
}

/** GET live: the live site's address (null when the editor has none: nothing is said about going live), and each commit asked for. */
export interface LiveAnswer {
  site: string | null;
  commits: LiveCommit[];
}
