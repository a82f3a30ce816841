import { chakra } from '@chakra-ui/react';
import type { Counters as CountersProps } from '../../generated/schema-types';
import { Section } from '../../ui/Section';

type Figure = CountersProps['items'][number];

/**
 * One figure. The server renders the final value, so visitors without JavaScript and search
 * engines see it; the block's script (script.ts) resets the number to 0 and counts it up when
 * it scrolls into view, unless the visitor asked for reduced motion. Screen readers get the
 * final value only, never the numbers flickering by.
 */
function Figure({ value, suffix, label }: Figure) {
  return (
    // The label comes first in a <dl>; column-reverse shows the number above it.
    <chakra.div textAlign="center" p="4" display="flex" flexDirection="column-reverse" gap="1">
      <chakra.dt textStyle="small" fontWeight="600" color="text.muted">
        {label}
      </chakra.dt>
      <chakra.dd textStyle="display" color="brand.fg" fontVariantNumeric="tabular-nums">
        <span aria-hidden="true" data-counter-value={value}>
          {/* Only a draft in the editor can lack its number (a new figure, before it is written). */}
          {value === undefined ? null : value.toLocaleString('en-US')}
        </span>
        <span aria-hidden="true">{suffix}</span>
        <chakra.span srOnly>
          {value}
          {suffix}
        </chakra.span>
      </chakra.dd>
    </chakra.div>
  );
}

/** Key figures that count up from 0 when scrolled into view. */
export default function Counters({ heading, intro, duration, items }: CountersProps) {
  return (
    <Section heading={heading} intro={intro} tone="sunken">
      <chakra.dl
        data-duration={duration}
        display="grid"
        gap="4"
        gridTemplateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: `repeat(${Math.min(items.length, 6)}, 1fr)` }}
      >
        {items.map((item) => (
          <Figure key={item.label} {...item} />
        ))}
      </chakra.dl>
    </Section>
  );
}
