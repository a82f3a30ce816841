import { chakra } from '@chakra-ui/react';
import type { PublishedResult } from './changes-state';
import { publishWords } from './publish-words';
import type { LiveWords } from './live/live-state';
import { LiveNote } from './live/LiveNote';

/**
 * The status line of Changes (a publish on its way, what the last one did, or what the last
 * discard did), when a push was refused, the server's own lines, and where the last publish
 * stands on the live site (`live`; said only when the editor knows a live site).
 */
export function PublishResult({
  sending,
  result,
  discarded,
  live,
}: {
  sending: boolean;
  result: PublishedResult | null;
  discarded: string;
  live: LiveWords;
}) {
  return (
    <>
      <chakra.div role="status" mb="4" data-publish-result="">
        {sending ? 'Publishing…' : result ? publishWords(result) : discarded}
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
