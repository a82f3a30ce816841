import { chakra } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ProductCarousel as ProductCarouselProps } from '../../generated/schema-types';
import { Picture } from '../../ui/Picture';
import { Section } from '../../ui/Section';
import { TextLink } from '../../ui/styled';
import { useReducedMotion } from '../../ui/use-reduced-motion';

/**
 * A product list synced with a picture carousel, built as ARIA tabs: each product is a tab,
 * its picture and text the tab panel. Panels are stacked in one grid cell and fade (no
 * sliding, no dragging). With `autoAdvance` the next product is chosen on a timer, which the
 * pause button, reduced motion, and focus inside the block all stop.
 */
export default function ProductCarousel({ heading, intro, items, autoAdvance, pauseLabel, playLabel, moreLabel }: ProductCarouselProps) {
  const id = useId();
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const reduced = useReducedMotion();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const list = useRef<HTMLDivElement>(null);
  const running = autoAdvance !== undefined && !paused && !reduced && !focusWithin;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `active` restarts the interval, so a product picked by hand stays a full interval.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setActive((current) => (current + 1) % items.length), autoAdvance);
    return () => clearInterval(timer);
  }, [running, autoAdvance, items.length, active]);

  // Below 992 px the products are one scrolling row above the picture: keep the chosen one in
  // view within the row (sideways only: the page itself never moves).
  useEffect(() => {
    const row = list.current;
    const tab = tabs.current[active];
    if (!row || !tab || row.scrollWidth <= row.clientWidth) return;
    const left = tab.offsetLeft - row.offsetLeft - (row.clientWidth - tab.offsetWidth) / 2;
    row.scrollTo({ left, behavior: reduced ? 'auto' : 'smooth' });
  }, [active, reduced]);

  const choose = (index: number, focus = false): void => {
    const next = (index + items.length) % items.length;
    setActive(next);
    if (focus) tabs.current[next]?.focus();
  };
  // A product picked by hand whose picture is below the window (the row at the bottom of a
  // phone's screen) brings the picture up, so the tap visibly does something.
  const reveal = (index: number): void => {
    requestAnimationFrame(() => {
      const panel = document.getElementById(`${id}-panel-${index}`);
      if (panel && panel.getBoundingClientRect().bottom > window.innerHeight)
        panel.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
    });
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowRight: active + 1,
      ArrowUp: active - 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target, true);
  };

  return (
    <Section heading={heading} intro={intro}>
      <chakra.div
        display="grid"
        gap={{ base: '6', lg: '10' }}
        gridTemplateColumns={{ base: '1fr', lg: '2fr 3fr' }}
        alignItems="start"
        onFocus={() => setFocusWithin(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
        }}
      >
        {/* On phones and tablets a row of products that scrolls sideways, right above the picture it changes; a column beside it from 992 px. */}
        <chakra.div
          ref={list}
          role="tablist"
          aria-orientation="vertical"
          aria-label={heading}
          onKeyDown={onKeyDown}
          display={{ base: 'flex', lg: 'grid' }}
          gap="1.5"
          overflowX={{ base: 'auto', lg: 'visible' }}
          scrollSnapType={{ base: 'x proximity', lg: 'none' }}
          mx={{ base: '-4', md: '-6', lg: '0' }}
          px={{ base: '4', md: '6', lg: '0' }}
          pb={{ base: '2', lg: '0' }}
          css={{ scrollbarWidth: 'thin' }}
        >
          {items.map((item, index) => (
            <chakra.button
              key={item.id}
              ref={(element: HTMLButtonElement | null) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={index === active}
              aria-controls={`${id}-panel-${index}`}
              tabIndex={index === active ? 0 : -1}
              onClick={() => {
                choose(index);
                reveal(index);
              }}
              textAlign="start"
              flexShrink={0}
              whiteSpace={{ base: 'nowrap', lg: 'normal' }}
              scrollSnapAlign="center"
              px="4"
              py="3"
              borderRadius="lg"
              borderWidth="1px"
              fontWeight="600"
              cursor="pointer"
              transition="background-color {durations.moderate}, border-color {durations.moderate}"
              borderColor={index === active ? 'brand.solid' : 'line.subtle'}
              bg={index === active ? 'brand.subtle' : 'white'}
              color={index === active ? 'brand.fg' : 'text.body'}
              _hover={{ borderColor: 'brand.emphasized' }}
            >
              {item.title}
            </chakra.button>
          ))}
        </chakra.div>
        <div>
          <chakra.div display="grid">
            {items.map((item, index) => (
              <chakra.div
                key={item.id}
                role="tabpanel"
                id={`${id}-panel-${index}`}
                aria-labelledby={`${id}-tab-${index}`}
                gridArea="1 / 1"
                opacity={index === active ? 1 : 0}
                visibility={index === active ? 'visible' : 'hidden'}
                transition="opacity 600ms ease, visibility 600ms"
                data-active={index === active ? '' : undefined}
              >
                {/* Lazy, the first too: a carousel sits below a page's header, and an eager first
                    picture would be preloaded from the top of the page, ahead of what is seen first. */}
                <Picture image={item.image} bg="surface.sunken" />
                <chakra.p mt="4" textStyle="lead" color="text.muted">
                  {item.text}
                </chakra.p>
                {moreLabel && item.href ? (
                  <TextLink href={item.href} display="inline-block" mt="2">
                    {moreLabel} {item.title}
                  </TextLink>
                ) : null}
              </chakra.div>
            ))}
          </chakra.div>
          {autoAdvance !== undefined ? (
            <chakra.button
              type="button"
              onClick={() => setPaused(!paused)}
              mt="4"
              px="3"
              py="1.5"
              borderRadius="md"
              borderWidth="1px"
              borderColor="line.default"
              textStyle="small"
              cursor="pointer"
              _hover={{ bg: 'surface.sunken' }}
            >
              {paused ? playLabel : pauseLabel}
            </chakra.button>
          ) : null}
        </div>
      </chakra.div>
    </Section>
  );
}
