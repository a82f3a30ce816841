import { ArrowRightIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { icons } from '../generated/icons';
import type { Icon } from '../generated/schema-types';
import { IconBox } from './styled';

/**
 * An icon a page file names, drawn to SVG when the page is rendered (the browser gets the
 * markup, never the icon set), in a tinted square. It is decoration: the text beside it says
 * what it means, so screen readers skip it.
 */
export function IconMark({ name, ...box }: { name: Icon } & ComponentProps<typeof IconBox>) {
  const Svg = icons[name];
  return (
    <IconBox aria-hidden="true" {...box}>
      <Svg strokeWidth={1.75} />
    </IconBox>
  );
}

/** The arrow that tells a card leads somewhere (it moves on hover: surfaceCardRecipe). */
export function CardArrow() {
  return (
    <IconBox data-card-arrow="" aria-hidden="true" bg="transparent" boxSize="6" mt="auto">
      <ArrowRightIcon strokeWidth={2} />
    </IconBox>
  );
}
