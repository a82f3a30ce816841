import { chakra } from '@chakra-ui/react';
import type { Site } from '../generated/schema-types';

type Network = Site['footer']['social'][number]['network'];

/** Simple original glyphs for each network: shapes only, no text to translate. */
const PATHS: Record<Network, string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z',
  x: 'M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.2L20.5 20H16l-4.3-6-5.2 6H4l6.5-7.6z',
  linkedin:
    'M5 9h3.5v11H5zM6.7 3.5a2 2 0 110 4 2 2 0 010-4zM10.5 9h3.4v1.6c.5-.9 1.7-1.9 3.5-1.9 3.7 0 4.1 2.3 4.1 5.3v6h-3.5v-5.3c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20h-3.6z',
  instagram:
    'M8 3h8a5 5 0 015 5v8a5 5 0 01-5 5H8a5 5 0 01-5-5V8a5 5 0 015-5zm0 2a3 3 0 00-3 3v8a3 3 0 003 3h8a3 3 0 003-3V8a3 3 0 00-3-3zm4 3.5a3.5 3.5 0 110 7 3.5 3.5 0 010-7zm0 2a1.5 1.5 0 100 3 1.5 1.5 0 000-3zM17 6a1 1 0 110 2 1 1 0 010-2z',
};

export function SocialIcon({ network }: { network: Network }) {
  return (
    <chakra.svg viewBox="0 0 24 24" width="5" height="5" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={PATHS[network]} />
    </chakra.svg>
  );
}
