/**
 * How long publishing waits, read from the editor's environment each time it is needed (so a
 * test, or a person who restarts nothing, gets what the setting says now):
 *
 * - PUBLISH_TIMEOUT_SECONDS (60): how long the server that keeps the published site has to
 *   answer, for all the fetching and pushing of one publish together. Then git is ended, and
 *   the change waits here as not yet published.
 * - PUBLISH_WAIT_SECONDS (30): how long a publish or a discard waits while another one holds
 *   the checkout (in this editor or in another process on the same folder) before it answers
 *   that publishing is busy.
 */

export interface PublishDeadlines {
  /** Milliseconds the remote has to answer, all calls of one publish together. */
  remoteMs: number;
  /** Milliseconds a request waits for the checkout before it is answered "busy". */
  waitMs: number;
}

const SETTINGS = { remoteMs: ['PUBLISH_TIMEOUT_SECONDS', 60], waitMs: ['PUBLISH_WAIT_SECONDS', 30] } as const;

/** The setting that cannot be read, in words: said instead of publishing until it is corrected. */
export class DeadlineSettingError extends Error {}

/** The deadlines the environment sets, defaults where it sets none; `given` (tests, callers) overrides them. */
export function publishDeadlines(given: Partial<PublishDeadlines> = {}, env: NodeJS.ProcessEnv = process.env): PublishDeadlines {
  const read = (key: keyof PublishDeadlines): number => {
    const fixed = given[key];
    if (fixed !== undefined) return fixed;
    const [name, seconds] = SETTINGS[key];
    const text = env[name]?.trim();
    if (!text) return seconds * 1000;
    const value = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || value <= 0 || value > 86_400)
      throw new DeadlineSettingError(
        `The editor's setting ${name} is "${text}", which is not a number of seconds between 1 and 86400: ask whoever started the editor to correct it.`,
      );
    return value * 1000;
  };
  return { remoteMs: read('remoteMs'), waitMs: read('waitMs') };
}

/** "60 s", "2 min": a deadline as a person reads it. */
export function seconds(ms: number): string {
  const whole = Math.round(ms / 1000);
  return whole >= 120 && whole % 60 === 0 ? `${whole / 60} min` : `${whole} s`;
}
