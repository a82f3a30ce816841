import { chakra, Container } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import type { Ticker as TickerProps } from '../../generated/schema-types';
import { technologyLogos } from '../../generated/technologies';
import { Section } from '../../ui/Section';
import { prefersReducedMotion, useReducedMotion } from '../../ui/use-reduced-motion';

type Row = TickerProps['rows'][number];

/** A row shows `wide` tags from 769 px, `medium` from 480 px, `narrow` below. */
const MEDIUM_FROM = 480;
const WIDE_FROM = 769;
/** From this width (the content's full 1280 px) a tag has room for its logo beside the name. */
const LOGOS_FROM = 1280;

/**
 * Before Swiper starts, each slide is sized by CSS to the same share of the row that Swiper
 * will give it, so the prerendered row already looks right and nothing shifts on start.
 */
const slideWidths = (visible: Row['visible']) => ({
  '& .swiper-slide': { width: `${100 / visible.narrow}%` },
  [`@media (min-width: ${MEDIUM_FROM}px)`]: { '& .swiper-slide': { width: `${100 / visible.medium}%` } },
  [`@media (min-width: ${WIDE_FROM}px)`]: { '& .swiper-slide': { width: `${100 / visible.wide}%` } },
  '& .swiper-wrapper': { transitionTimingFunction: 'linear !important' },
});

/**
 * Stops a continuously moving row where it is. Swiper's own pauseOnMouseEnter waits for the
 * current slide's transition (seconds, at these speeds) to end; this freezes it at once.
 */
function freeze(swiper: SwiperInstance): void {
  swiper.autoplay.stop();
  const position = swiper.getTranslate();
  swiper.setTransition(0);
  swiper.setTranslate(position);
}

function TickerRow({ row, playing }: { row: Row; playing: boolean }) {
  const swiper = useRef<SwiperInstance | null>(null);
  const [hovered, setHovered] = useState(false);
  const moving = playing && !hovered;
  // Swiper starts autoplay itself when it initialises, which may come after the effect below
  // has run: a start while the row should stand still (reduced motion, paused) is undone at once.
  const shouldMove = useRef(moving);
  shouldMove.current = moving;
  useEffect(() => {
    const instance = swiper.current;
    if (!instance) return;
    if (moving && !instance.autoplay.running) instance.autoplay.start();
    if (!moving && instance.autoplay.running) freeze(instance);
  }, [moving]);
  // Loop mode needs more slides than are in view: the tags are repeated, and the repeats
  // are hidden from screen readers, which read each tag once.
  const repeats = Math.max(2, Math.ceil((row.visible.wide * 2) / row.tags.length));
  const slides = Array.from({ length: repeats }, (_, copy) => row.tags.map((tag) => ({ tag, copy }))).flat();
  return (
    <chakra.div css={slideWidths(row.visible)} py="2" onPointerEnter={() => setHovered(true)} onPointerLeave={() => setHovered(false)}>
      <Swiper
        modules={[Autoplay]}
        onSwiper={(instance) => {
          swiper.current = instance;
          if (!moving) instance.autoplay.stop();
        }}
        onAutoplayStart={(instance) => {
          if (!shouldMove.current || prefersReducedMotion()) freeze(instance);
        }}
        loop
        speed={row.speed}
        allowTouchMove={false}
        slidesPerView={row.visible.narrow}
        breakpoints={{ [MEDIUM_FROM]: { slidesPerView: row.visible.medium }, [WIDE_FROM]: { slidesPerView: row.visible.wide } }}
        autoplay={{ delay: 0, disableOnInteraction: false, reverseDirection: row.reverse }}
      >
        {slides.map(({ tag, copy }, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the loop repeats tags, so the position is the only identity; the list never reorders.
          <SwiperSlide key={index} aria-hidden={copy > 0 ? true : undefined}>
            {/* Four tags share a phone's width and eight a tablet's (the spec's counts): below 992 px they are set smaller and may take two lines, so every name is whole. */}
            <chakra.span
              display="flex"
              alignItems="center"
              justifyContent="center"
              minH="11"
              mx={{ base: '0.5', lg: '1' }}
              px={{ base: '1.5', lg: '2.5' }}
              py={{ base: '1', lg: '2.5' }}
              textAlign="center"
              borderRadius={{ base: 'xl', lg: 'full' }}
              borderWidth="1px"
              borderColor="whiteAlpha.300"
              bg="whiteAlpha.100"
              fontWeight="600"
              fontSize={{ base: 'xs', lg: 'sm' }}
              lineHeight="1.25"
              whiteSpace={{ base: 'normal', lg: 'nowrap' }}
              data-ticker-tag=""
              gap="1.5"
            >
              {/* The logo is decoration: the name beside it is what a screen reader reads. Below 1280 px the name shows alone. */}
              {technologyLogos[tag] ? (
                <chakra.img
                  src={technologyLogos[tag].src}
                  alt=""
                  htmlWidth={String(Math.round((14 * technologyLogos[tag].width) / technologyLogos[tag].height))}
                  htmlHeight="14"
                  h="3.5"
                  w="auto"
                  loading="lazy"
                  flexShrink={0}
                  display="none"
                  css={{ [`@media (min-width: ${LOGOS_FROM}px)`]: { display: 'block' } }}
                  opacity={0.85}
                />
              ) : null}
              {tag}
            </chakra.span>
          </SwiperSlide>
        ))}
      </Swiper>
    </chakra.div>
  );
}

/** Rows of technology tags scrolling continuously; hover, the pause button or reduced motion stop them. */
export default function Ticker({ heading, rows, pauseLabel, playLabel }: TickerProps) {
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const playing = !paused && !reduced;
  return (
    <Section heading={heading} tone="dark">
      <chakra.div display="flex" justifyContent="flex-end" mt="-4" mb="4">
        <chakra.button
          type="button"
          onClick={() => setPaused(!paused)}
          px="3"
          py="1.5"
          borderRadius="md"
          borderWidth="1px"
          borderColor="whiteAlpha.500"
          textStyle="small"
          color="white"
          cursor="pointer"
          _hover={{ bg: 'whiteAlpha.200' }}
        >
          {paused ? playLabel : pauseLabel}
        </chakra.button>
      </chakra.div>
      {/* On a phone the rows run to the window's edges, giving each of the four tags a little more room. */}
      <Container px="0" mx={{ base: '-4', sm: '0' }} w={{ base: 'auto', sm: 'full' }} maxW="none" overflow="hidden">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed by the page file and never reorder.
          <TickerRow key={index} row={row} playing={playing} />
        ))}
      </Container>
    </Section>
  );
}
