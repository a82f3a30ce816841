import { chakra } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import type { MenuEntry } from '../../generated/schema-types';
import { useIsCurrentPage } from '../../ui/use-is-current-page';
import { Collapse } from './Collapse';
import { MenuGroups } from './MenuGroups';

const rowStyle = {
  display: 'flex',
  w: 'full',
  justifyContent: 'space-between',
  alignItems: 'center',
  px: '4',
  py: '3',
  fontWeight: '600',
  color: 'text.body',
  textAlign: 'start',
  cursor: 'pointer',
  _currentPage: { color: 'brand.fg' },
} as const;

/** An entry's groups, headings and links (MenuGroups), styled from the element around them. */
const groupsStyle = {
  '& > div': { pb: '2' },
  '& p': { px: '6', pt: '2', pb: '1', textStyle: 'eyebrow', color: 'text.muted' },
  '& ul': { listStyle: 'none' },
  '& a': { display: 'block', px: '6', py: '2', color: 'text.body', _currentPage: { color: 'brand.fg', fontWeight: '650' } },
} as const;

/** One entry of the phone menu: a link, or a nested dropdown (a disclosure) that collapses open in 300 ms. */
function MobileEntry({ item }: { item: MenuEntry }) {
  const id = useId();
  const isCurrent = useIsCurrentPage();
  if (item.href) {
    return (
      <li>
        <chakra.a href={item.href} aria-current={isCurrent(item.href) ? 'page' : undefined} {...rowStyle}>
          {item.label}
        </chakra.a>
      </li>
    );
  }
  return (
    <li data-disclosure="">
      <chakra.button type="button" aria-expanded="false" aria-controls={id} {...rowStyle}>
        {item.label}
        <chakra.span
          aria-hidden="true"
          transition="transform {durations.collapse}"
          css={{ '[aria-expanded=true] > &': { transform: 'rotate(180deg)' } }}
        >
          ▾
        </chakra.span>
      </chakra.button>
      <Collapse id={id}>
        <chakra.div css={groupsStyle}>
          <MenuGroups groups={item.groups} />
        </chakra.div>
      </Collapse>
    </li>
  );
}

/**
 * The phone menu: every entry, then the bar's button, which the bar hides on narrow screens.
 * It is a popover that the bar's menu button opens: the browser shows it, closes it on Escape
 * or a press outside it and returns focus, without JavaScript too. The bar's script keeps the
 * button's state and the page behind it in step (script.ts). It sits under the bar, as wide
 * as the window, and scrolls inside itself when taller than the room left.
 */
export function MobileMenu({ id, items, action }: { id: string; items: MenuEntry[]; action: ReactNode }) {
  return (
    <chakra.div
      id={id}
      popover="auto"
      display="none"
      position="fixed"
      top="16"
      left="0"
      right="0"
      bottom="auto"
      w="full"
      maxW="none"
      m="0"
      p="0"
      borderWidth="0"
      bg="white"
      color="text.body"
      boxShadow="lg"
      maxH="calc(100dvh - 4rem)"
      overflowY="auto"
      // Shown while open (the :popover-open rule is one of its own: a browser that does not
      // know it drops only that rule, and the script's data-state opens it there), never from xl.
      css={{
        '&:popover-open': { display: { base: 'block', xl: 'none' } },
        '&[data-state=open]': { display: { base: 'block', xl: 'none' } },
      }}
    >
      <chakra.ul listStyle="none" py="2" divideY="1px" divideColor="line.subtle">
        {items.map((item) => (
          <MobileEntry key={item.label} item={item} />
        ))}
        <chakra.li px="4" py="4" hideFrom="sm">
          {action}
        </chakra.li>
      </chakra.ul>
    </chakra.div>
  );
}
