import { chakra } from '@chakra-ui/react';
import type { Banner } from '../../../generated/schema-types';

export type HeroVideoProps = NonNullable<Banner['video']>;

/**
 * The banner's background video, muted and looping, with a pause button (moving content
 * must be stoppable). Its source only matches when the visitor has not asked for reduced
 * motion, so under reduced motion the poster frame shows and nothing downloads or moves. Its
 * script (script.ts), not React, starts it and shows the button; without JavaScript the poster
 * stays and no button shows.
 */
export default function HeroVideo({ src, poster, pauseLabel, playLabel }: HeroVideoProps) {
  return (
    <>
      <chakra.video
        position="absolute"
        inset="0"
        w="full"
        h="full"
        objectFit="cover"
        poster={poster}
        autoPlay
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
      >
        <source src={src} type={src.endsWith('.webm') ? 'video/webm' : 'video/mp4'} media="(prefers-reduced-motion: no-preference)" />
      </chakra.video>
      <chakra.button
        type="button"
        hidden
        data-label-pause={pauseLabel}
        data-label-play={playLabel}
        position="absolute"
        right="4"
        bottom="4"
        zIndex="1"
        px="3"
        py="1.5"
        borderRadius="md"
        bg="blackAlpha.600"
        color="white"
        textStyle="small"
        cursor="pointer"
        _hover={{ bg: 'blackAlpha.800' }}
      >
        {pauseLabel}
      </chakra.button>
    </>
  );
}
