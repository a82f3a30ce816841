import { chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { Banner } from '../../../generated/schema-types';
import { useReducedMotion } from '../../../ui/use-reduced-motion';

export type HeroVideoProps = NonNullable<Banner['video']>;

/**
 * The banner's background video, muted and looping, with a pause button (moving content
 * must be stoppable). Its source only matches when the visitor has not asked for reduced
 * motion, so under reduced motion the poster frame shows and nothing downloads or moves.
 */
export default function HeroVideo({ src, poster, pauseLabel, playLabel }: HeroVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const reduced = useReducedMotion();
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // React does not write `muted` into server HTML; browsers only autoplay muted video.
    element.muted = true;
    if (playing && !reduced) void element.play().catch(() => setPlaying(false));
    else element.pause();
  }, [playing, reduced]);

  return (
    <>
      <chakra.video
        ref={video}
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
        onClick={() => setPlaying(!playing)}
        hidden={reduced}
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
        {playing ? pauseLabel : playLabel}
      </chakra.button>
    </>
  );
}
