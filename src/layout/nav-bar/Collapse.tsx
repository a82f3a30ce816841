import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * Height animation without measuring: a one-row grid whose row grows from 0fr to 1fr in the
 * 300 ms. Hidden content is also made invisible, so it leaves the tab order.
 */
export function Collapse({ open, id, children }: { open: boolean; id: string; children: ReactNode }) {
  return (
    <chakra.div
      id={id}
      display="grid"
      gridTemplateRows={open ? '1fr' : '0fr'}
      visibility={open ? 'visible' : 'hidden'}
      transitionProperty="grid-template-rows, visibility"
      transitionDuration="collapse"
      transitionTimingFunction="ease"
      data-state={open ? 'open' : 'closed'}
    >
      <chakra.div overflow="hidden" minH="0">
        {children}
      </chakra.div>
    </chakra.div>
  );
}
