import { chakra } from '@chakra-ui/react';
import { liveBar } from './live-bar';
import type { LiveWords } from './live-state';

/**
 * Where a published change stands on the live site, in words, with a link to each page it
 * changed there once it is live. `announce`: the words are a polite live region, so a screen
 * reader says each new state once (they change only when the state does); the focus never moves.
 */
export function LiveNote({ live, announce = false, id }: { live: LiveWords; announce?: boolean; id?: string }) {
  // The tone is in the words; the bar beside them only repeats it, so its colours need no text contrast.
  const bar = live.tone === 'none' || live.tone === 'replaced' ? undefined : liveBar[live.tone];
  return (
    <chakra.div
      data-live={live.tone}
      mb={announce && live.tone !== 'none' ? '4' : undefined}
      mt={announce ? undefined : '1.5'}
      ps={bar ? '3' : undefined}
      borderStartWidth={bar ? '4px' : undefined}
      borderColor={bar}
    >
      <chakra.p
        role={announce ? 'status' : undefined}
        aria-live={announce ? 'polite' : undefined}
        id={id}
        fontWeight={bar ? '600' : undefined}
        color={live.tone === 'replaced' ? 'text.muted' : undefined}
        data-live-words=""
      >
        {live.words}
      </chakra.p>
      {live.pages.length > 0 ? (
        <chakra.ul listStyle="none" display="flex" flexWrap="wrap" gap="3" mt="1" aria-label="On the live site">
          {live.pages.map((page) => (
            <li key={page.url}>
              <chakra.a href={page.url} color="brand.fg" textDecoration="underline" data-live-page="">
                {page.title}
              </chakra.a>
            </li>
          ))}
        </chakra.ul>
      ) : null}
    </chakra.div>
  );
}
