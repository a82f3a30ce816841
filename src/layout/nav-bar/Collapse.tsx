import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A panel that collapses open under the button that controls it (its previous sibling, whose
 * aria-expanded the bar's script sets), without measuring: a one-row grid whose row grows from
 * 0fr to 1fr in 300 ms. A closed panel is also invisible, so it leaves the tab order. Until the
 * bar's script has run (without JavaScript, say) every panel stays open, so every link works.
 */
export function Collapse({ id, children }: { id: string; children: ReactNode }) {
  return (
    <chakra.div
      id={id}
      display="grid"
      gridTemplateRows="0fr"
      visibility="hidden"
      // Hidden only once it has collapsed, and shown at once, so its links take the focus as soon as it opens.
      transition="grid-template-rows {durations.collapse} ease, visibility 0s linear {durations.collapse}"
      css={{
        '[aria-expanded=true] + &, [data-island]:not([data-hydrated]) &': {
          gridTemplateRows: '1fr',
          visibility: 'visible',
          transition: 'grid-template-rows {durations.collapse} ease, visibility 0s',
        },
      }}
    >
      <chakra.div overflow="hidden" minH="0">
        {children}
      </chakra.div>
    </chakra.div>
  );
}
