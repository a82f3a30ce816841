import { plural } from '../../content/plural';

/**
 * What Changes says when no page has a change waiting. Right after a publish, the status line
 * above has said "Published" and the live note where it stands: this says only that nothing
 * else waits, rather than "Everything is published" a second time under "Going live…".
 * `unpushed`: changes published here that the server has not taken yet.
 */
export function nothingWaitingWords(unpushed: number, justPublished: boolean): string {
  if (unpushed > 0) return `${plural(unpushed, 'change')} saved here ${unpushed === 1 ? 'is' : 'are'} not yet published.`;
  return justPublished ? 'Nothing else waits to be published.' : 'Everything is published: no page has a change waiting.';
}
