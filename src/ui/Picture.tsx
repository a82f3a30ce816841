import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { Image } from '../generated/schema-types';

/**
 * A picture from a page file at the width of its column: its own width and height (so the
 * page does not shift while it loads) and its text alternative. It loads only when near the
 * screen unless `eager` (the first picture of a page, seen at once).
 */
export function Picture({ image, eager = false, ...style }: { image: Image; eager?: boolean } & HTMLChakraProps<'img'>) {
  return (
    <chakra.img
      src={image.src}
      alt={image.alt}
      htmlWidth={image.width}
      htmlHeight={image.height}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
      w="full"
      h="auto"
      borderRadius="xl"
      {...style}
    />
  );
}
