import { chakra } from '@chakra-ui/react';
import type { PublishAnswer } from '../../content/api-types';
import { plural } from '../../content/plural';
import type { LiveWords } from './live/live-state';
import { LiveNote } from './live/LiveNote';
import { cameInWords } from './came-in-words';

/** Others' changes that came in with a publish, after a space; nothing when none did. */
const withCameIn = (cameIn: Parameters<typeof cameInWords>[0]): string => {
  const words = cameInWords(cameIn, Date.now());
  return words ? ` ${words}` : '';
};

/** What a publish did, in words a person reads. */
function resultWords(result: PublishAnswer, count: number): string {
  switch (result.status) {
    case 'published':
      return `Published: ${plural(count, 'file')} ${count === 1 ? 'is' : 'are'} on the server now.${withCameIn(result.cameIn)}`;
    case 'committed':
      return `Saved in this folder’s history: ${plural(count, 'file')}. There is no server to send ${count === 1 ? 'it' : 'them'} to.`;
    case 'not-pushed':
      return `Saved here, but not yet published. ${result.message}`;
    case 'refused':
      return `Nothing was published: ${result.message}`;
    case 'conflicts':
      return 'Someone published changes to the same fields meanwhile. Choose which values to keep, then publish again.';
  }
}

/**
 * The status line of Changes (a publish on its way, what the last one did, or what the last
 * discard did), when a push was refused, the server's own lines, and where the last publish
 * stands on the live site (`live`; said only when the editor knows a live site).
 */
export function PublishResult({
  busy,
  result,
  discarded,
  live,
}: {
  busy: boolean;
  result: { answer: PublishAnswer; count: number } | null;
  discarded: string;
  live: LiveWords;
}) {
  return (
    <>
      <chakra.div role="status" mb="4" data-publish-result="">
        {busy ? 'Publishing…' : result ? resultWords(result.answer, result.count) : discarded}
      </chakra.div>
      {/* Always there, so that a screen reader hears its words as they come and change. */}
      <LiveNote live={live} announce />
      {result?.answer.status === 'not-pushed' && result.answer.remote.length > 0 ? (
        <chakra.div mb="4">
          <chakra.p fontWeight="600">The server said:</chakra.p>
          <chakra.ul ps="5" listStyleType="disc">
            {result.answer.remote.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the server's lines, in order.
              <li key={index}>{line}</li>
            ))}
          </chakra.ul>
        </chakra.div>
      ) : null}
    </>
  );
}
